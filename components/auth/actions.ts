"use server";
import { CredentialsSignin } from "next-auth";
import { signIn, signOut } from "@/lib/auth/authjs";
import { safeRedirect, type TSignIn, ZSignIn } from "./sign-in-schema";

export type SignInResult = { error: string } | undefined;

/**
 * Signs in with e-mail and password. On success Auth.js sets the session cookie and redirects
 * (a NEXT_REDIRECT "error" that must be rethrown); a wrong e-mail or password comes back as a message.
 */
export async function signInAction(values: TSignIn, redirectTo?: string): Promise<SignInResult> {
  const parsed = ZSignIn.safeParse(values);
  if (!parsed.success) return { error: "Enter your e-mail address and password." };
  try {
    await signIn("credentials", {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeRedirect(redirectTo),
    });
  } catch (error) {
    if (error instanceof CredentialsSignin) return { error: "Wrong e-mail or password" };
    throw error;
  }
  return undefined;
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
