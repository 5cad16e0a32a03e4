/**
 * Auth.js (next-auth v5) for the browser: credentials sign-in against our users, JWT session in an
 * encrypted cookie. The API reads the same cookie in lib/auth/resolve-principal.ts.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { principalFor } from "./resolve-principal";
import { authenticateUser } from "./users";

class InvalidLogin extends CredentialsSignin {
  code = "invalid_credentials";
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
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
      async authorize(credentials) {
        const email = typeof credentials?.email === "string" ? credentials.email : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        const user = email && password ? await authenticateUser({ email, password }) : undefined;
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
