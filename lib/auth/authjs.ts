/**
 * Auth.js (next-auth v5) for the browser: credentials sign-in against our users, JWT session in an
 * encrypted cookie. The API reads the same cookie in lib/auth/resolve-principal.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { clientAddress } from "@/lib/http/client-address";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { sessionSecret } from "./keys";
import { principalFor } from "./resolve-principal";
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
  session: { strategy: "jwt", maxAge: 12 * 3600 },
  pages: { signIn: "/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const email = typeof credentials?.email === "string" ? credentials.email : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        let user: Awaited<ReturnType<typeof authenticateUser>>;
        try {
          // The same throttle as the token grant's (lib/auth/throttle.ts).
          user =
            email && password
              ? await authenticateUser({ email, password, address: clientAddress(request.headers) })
              : undefined;
        } catch (error) {
          if (!(error instanceof Throttled)) throw error;
          const attempt = signInAttempt.getStore();
          if (attempt) attempt.retryAfter = error.retryAfter;
          throw new TooManyAttempts();
        }
        if (!user) throw new InvalidLogin();
        return { id: user.id, email: user.email, name: user.name || user.email };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));

/** The signed-in user as a Principal (role re-read from the database), or undefined. */
export async function currentUser() {
  const session = await auth();
  const id = session?.user?.id;
  return id ? principalFor("user", id) : undefined;
}
