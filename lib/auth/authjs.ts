/**
 * Auth.js (next-auth v5) for the browser: credentials sign-in against our users, JWT session in an
 * encrypted cookie. The API reads the same cookie in lib/auth/resolve-principal.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import NextAuth, { CredentialsSignin } from "next-auth";
import type { JWT } from "next-auth/jwt";
import Credentials from "next-auth/providers/credentials";
import { recordAudit } from "@/lib/audit/record-audit";
import { clientAddress } from "@/lib/http/client-address";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { sessionSecret } from "./keys";
import { principalFor } from "./resolve-principal";
import { endSession, openSession, sessionAlive } from "./sessions";
import { auditSignIn } from "./sign-in-audit";
import { Throttled } from "./throttle";
import { authenticateUser } from "./users";

class InvalidLogin extends CredentialsSignin {
  code = "invalid_credentials";
}

export class TooManyAttempts extends CredentialsSignin {
  code = "too_many_attempts";
}

/**
 * What a credentials sign-in learnt that Auth.js cannot carry: the wait of a throttled attempt.
 * The sign-in form's action and the /api/auth route run Auth.js inside `signInAttempt.run(...)`
 * and answer the wait themselves (a message, or 429 with Retry-After) instead of Auth.js's redirect.
 */
/** The longest a browser session lasts after sign-in (a working day and a half). */
export const SESSION_MAX_AGE_S = 12 * 3600;

export const signInAttempt = processWide(
  "auth.sign-in-attempt",
  () => new AsyncLocalStorage<{ retryAfter?: number }>(),
);

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: sessionSecret(),
  trustHost: true,
  // A wrong password is an expected outcome, not a stack trace in the log.
  logger: {
    error(error: Error) {
      if (error.name === "CredentialsSignin" || (error as { type?: string }).type === "CredentialsSignin") {
        log.info("sign-in refused", { reason: "invalid_credentials" });
      } else log.error("auth error", { error });
    },
    warn(code: string) {
      log.warn("auth warning", { code });
    },
  },
  // The cookie is refreshed while used, but its server-side session (the sid's row) ends
  // SESSION_MAX_AGE_S after sign-in at the latest: an absolute limit.
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const email = typeof credentials?.email === "string" ? credentials.email : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        const door = "sign-in form or Auth.js endpoint";
        const requestId = request.headers.get("x-request-id")?.slice(0, 100) ?? "";
        let user: Awaited<ReturnType<typeof authenticateUser>>;
        try {
          // The same throttle as the token grant's (lib/auth/throttle.ts).
          user =
            email && password
              ? await authenticateUser({ email, password, address: clientAddress(request.headers) })
              : undefined;
        } catch (error) {
          if (!(error instanceof Throttled)) throw error;
          await auditSignIn({ door, account: email, outcome: "throttled", requestId, retryAfter: error.retryAfter });
          const attempt = signInAttempt.getStore();
          if (attempt) attempt.retryAfter = error.retryAfter;
          throw new TooManyAttempts();
        }
        if (!user) {
          await auditSignIn({ door, account: email, outcome: "failure", requestId });
          throw new InvalidLogin();
        }
        await auditSignIn({ door, account: user.email, outcome: "success", who: { kind: "user", ...user }, requestId });
        return { id: user.id, email: user.email, name: user.name || user.email };
      },
    }),
  ],
  events: { signOut: endSignedOutSession },
  callbacks: {
    jwt: sessionToken,
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));

/**
 * Auth.js's jwt callback: sign-in stores a session id (`sid`); afterwards the cookie counts only
 * while its row is there (lib/auth/sessions.ts): null ends it (Auth.js then clears the cookie).
 */
export async function sessionToken({ token, user }: { token: JWT; user?: { id?: string } }): Promise<JWT | null> {
  if (user?.id) {
    token.sub = user.id;
    token.sid = await openSession({
      kind: "session",
      subjectKind: "user",
      subjectId: user.id,
      expires: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
    });
    return token;
  }
  if (typeof token.sid !== "string" || !(await sessionAlive(token.sid))) return null;
  return token;
}

/** Auth.js's signOut event: the cookie's session ends server-side (a copy of the cookie is refused). */
export async function endSignedOutSession(message: { token?: JWT | null } | { session?: unknown }): Promise<void> {
  const token = "token" in message ? message.token : null;
  if (typeof token?.sid !== "string") return;
  await endSession(token.sid);
  const who = token.sub ? await principalFor("user", token.sub) : undefined;
  await recordAudit({
    actor: who?.subject ?? (typeof token.email === "string" ? token.email : ""),
    actorRole: who?.role ?? "",
    action: "auth.sign_out",
    objectType: "user",
    objectId: token.sub ?? "",
    summary: "session ended",
  });
}

/** The signed-in user as a Principal (role re-read from the database), or undefined. */
export async function currentUser() {
  const session = await auth();
  const id = session?.user?.id;
  return id ? principalFor("user", id) : undefined;
}
