/**
 * Who can sign in on a new database. With demo users (DEMO_USERS, on unless NODE_ENV=production)
 * the three demo accounts are created on an empty database. Without them, the first super user is
 * made with `npm run users -- add --role super ...` or on the first-run page /setup, which asks for
 * a setup token the start-up log prints while no user exists. The token is an HMAC of a fixed text
 * with a key derived from AUTH_SECRET (lib/auth/keys.ts): every process of a deployment agrees on
 * it, and it stops working once a user exists (the page creates exactly one, under a lock).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db/client";
import { type Env, env } from "@/lib/env";
import { conflict, forbidden } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { log } from "@/lib/log";
import { deriveKey } from "./keys";
import { hashSecret } from "./password";
import { ZUserCreate } from "./password-policy";
import { DEMO_USERS, ensureDemoUsers, type TUser, toUser } from "./users";

/** DEMO_USERS when set, else on everywhere but NODE_ENV=production. */
export function demoUsersEnabled(settings: Pick<Env, "DEMO_USERS" | "NODE_ENV">): boolean {
  return settings.DEMO_USERS ?? settings.NODE_ENV !== "production";
}

export function setupToken(): string {
  return createHmac("sha256", deriveKey("setup")).update("lumen first-run setup").digest("base64url").slice(0, 32);
}

export function setupTokenMatches(token: string): boolean {
  const expected = Buffer.from(setupToken());
  const given = Buffer.from(token.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function hasUsers(): Promise<boolean> {
  return (await (await db()).user.count()) > 0;
}

/**
 * Start-up: demo users on an empty database in demo mode; otherwise, with no user at all, the
 * setup token in the log. Returns what it did.
 */
export async function prepareFirstUsers(): Promise<"demo-users" | "setup-token" | "none"> {
  const settings = env();
  if (demoUsersEnabled(settings)) {
    if (!(await ensureDemoUsers({ password: settings.DEMO_PASSWORD }))) return "none";
    log.warn("created demo users on an empty database (DEMO_USERS); never use them in production", {
      users: DEMO_USERS.map((u) => `${u.email} (${u.role})`),
      password: settings.DEMO_PASSWORD === "demo-password" ? "demo-password (DEMO_PASSWORD)" : "from DEMO_PASSWORD",
    });
    return "demo-users";
  }
  if (await hasUsers()) return "none";
  log.warn(
    "no user exists: create the first super user at /setup with this setup token, or with npm run users -- add",
    {
      setup_url: `${settings.PUBLIC_URL.replace(/\/$/, "")}/setup`,
      setup_token: setupToken(),
    },
  );
  return "setup-token";
}

/** The first-run page: creates the first super user, only with the setup token and only once. */
export async function createFirstSuperUser(options: {
  token: string;
  email: string;
  name?: string;
  password: string;
}): Promise<TUser> {
  if (!setupTokenMatches(options.token)) throw forbidden("The setup token is wrong: copy it from the start-up log.");
  const data = ZUserCreate.parse({
    email: options.email,
    name: options.name ?? "",
    role: "super",
    password: options.password,
  });
  const hash = await hashSecret(data.password);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    // Two setup pages submitted at once: the second waits here, then sees the first's user.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('lumen.first-run'))`;
    if ((await tx.user.count()) > 0) throw conflict("Lumen is set up already: sign in instead.", "already_set_up");
    const row = await tx.user.create({
      data: { id: newId("user"), email: data.email, name: data.name, role: "super", password_hash: hash },
    });
    return toUser(row);
  });
}
