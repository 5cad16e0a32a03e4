"use server";
import { CredentialsSignin } from "next-auth";
import { signIn, signInAttempt, signOut } from "@/lib/auth/authjs";
import { safeRedirect } from "@/lib/auth/safe-redirect";
import { type TSignIn, waitMessage, ZSignIn } from "./sign-in-schema";

export type SignInResult = { error: string; retryAfter?: number } | undefined;

/**
 * Signs in with e-mail and password. On success Auth.js sets the session cookie and redirects
 * (a NEXT_REDIRECT "error" that must be rethrown); a wrong e-mail or password comes back as a
 * message, and a throttled attempt as the wait (lib/auth/throttle.ts: the same counts as the token
 * grant's and Auth.js's own endpoint's).
 */
export async function signInAction(values: TSignIn, redirectTo?: string): Promise<SignInResult> {
  const parsed = ZSignIn.safeParse(values);
  if (!parsed.success) return { error: "Enter your e-mail address and password." };
  const attempt: { retryAfter?: number } = {};
  try {
    await signInAttempt.run(attempt, () =>
      signIn("credentials", {
        email: parsed.data.email,
        password: parsed.data.password,
        redirectTo: safeRedirect(redirectTo),
      }),
    );
  } catch (error) {
    if (attempt.retryAfter !== undefined) {
      return { error: waitMessage(attempt.retryAfter), retryAfter: attempt.retryAfter };
    }
    if (error instanceof CredentialsSignin) return { error: "Wrong e-mail or password" };
    throw error;
  }
  return undefined;
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
