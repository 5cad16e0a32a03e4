"use server";
import { headers } from "next/headers";
import { CredentialsSignin } from "next-auth";
import { signIn, signOut } from "@/lib/auth/authjs";
import { clientAddress, recordFailure, secondsLimited } from "@/lib/auth/rate-limit";
import { safeRedirect, type TSignIn, ZSignIn } from "./sign-in-schema";

export type SignInResult = { error: string } | undefined;

/**
 * Signs in with e-mail and password. On success Auth.js sets the session cookie and redirects
 * (a NEXT_REDIRECT "error" that must be rethrown); a wrong e-mail or password comes back as a message.
 * Failures count towards the same limit as the token route's (lib/auth/rate-limit.ts).
 */
export async function signInAction(values: TSignIn, redirectTo?: string): Promise<SignInResult> {
  const parsed = ZSignIn.safeParse(values);
  if (!parsed.success) return { error: "Enter your e-mail address and password." };
  const key = `${clientAddress(await headers())}|${parsed.data.email.toLowerCase()}`;
  const wait = await secondsLimited(key);
  if (wait !== undefined) {
    return { error: `Too many failed attempts. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? "s" : ""}.` };
  }
  try {
    await signIn("credentials", {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeRedirect(redirectTo),
    });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      await recordFailure(key);
      return { error: "Wrong e-mail or password" };
    }
    throw error;
  }
  return undefined;
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
