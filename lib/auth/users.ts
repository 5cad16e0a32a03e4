/**
 * Users: marketers (user), advanced users and super users. Small operations kept together
 * because each is a few lines over the same table.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { formatTimestamp } from "@/lib/http/timestamps";
import { log } from "@/lib/log";
import { dummyHash, hashSecret, needsRehash, verifySecret } from "./password";
import { type TUserCreate, ZUserCreate } from "./password-policy";
import { forgetPrincipals } from "./resolve-principal";
import { type Role, ZRole } from "./roles";
import { endSessionsOf } from "./sessions";
import { presentPassword } from "./throttle";

export { type TUserCreate, ZUserCreate } from "./password-policy";

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  is_disabled: z.boolean(),
  must_change_password: z
    .boolean()
    .describe("Set by a super user's password reset: the studio asks the user for a new password first."),
  date_created: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

type UserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  is_disabled: boolean;
  must_change_password: boolean;
  date_created: Date;
};

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    is_disabled: row.is_disabled,
    must_change_password: row.must_change_password,
    date_created: formatTimestamp(row.date_created),
  };
}

export async function createUser(input: TUserCreate): Promise<TUser> {
  const data = ZUserCreate.parse(input);
  const prisma = await db();
  if (await prisma.user.findUnique({ where: { email: data.email } })) {
    throw conflict(`A user with e-mail ${data.email} already exists.`, "already_exists");
  }
  const row = await prisma.user.create({
    data: {
      id: newId("user"),
      email: data.email,
      name: data.name,
      role: data.role,
      password_hash: await hashSecret(data.password),
    },
  });
  return toUser(row);
}

/** The user with this e-mail (any case), or 404. */
export async function findUserByEmail(email: string): Promise<TUser> {
  const row = await (await db()).user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!row) throw notFound(`No user has e-mail ${email}.`);
  return toUser(row);
}

export async function listUsers(): Promise<TUser[]> {
  const prisma = await db();
  const rows = await prisma.user.findMany({ orderBy: { email: "asc" } });
  return rows.map(toUser);
}

async function updateUser(email: string, data: { role?: Role; is_disabled?: boolean }) {
  const prisma = await db();
  const { count } = await prisma.user.updateMany({ where: { email: email.toLowerCase() }, data });
  if (count === 0) throw notFound(`No user has e-mail ${email}.`);
  if (data.is_disabled) {
    const user = await prisma.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
    if (user) await endSessionsOf({ subjectKind: "user", subjectId: user.id });
  }
  await forgetPrincipals();
}

export const setUserRole = (options: { email: string; role: Role }) =>
  updateUser(options.email, { role: options.role });
export const disableUser = (options: { email: string; disabled?: boolean }) =>
  updateUser(options.email, { is_disabled: options.disabled ?? true });

/**
 * The active user with this e-mail and password, or undefined (same time either way). Throttled
 * per account and address (lib/auth/throttle.ts: throws Throttled when they must wait). A hash
 * made with other scrypt parameters than today's is replaced on the way.
 */
export async function authenticateUser(options: {
  email: string;
  password: string;
  /** The client's address (lib/http/client-address.ts). */
  address: string;
}): Promise<TUser | undefined> {
  return presentPassword({
    email: options.email,
    address: options.address,
    verify: () => checkPassword({ email: options.email, password: options.password }),
  });
}

async function checkPassword(options: { email: string; password: string }): Promise<TUser | undefined> {
  const prisma = await db();
  const row = await prisma.user.findUnique({
    where: { email: options.email.trim().toLowerCase() },
    omit: { password_hash: false },
  });
  const ok = await verifySecret(options.password, row?.password_hash ?? (await dummyHash()));
  if (!row || !ok || row.is_disabled) return undefined;
  if (needsRehash(row.password_hash)) {
    const hash = await hashSecret(options.password);
    // Only if nobody changed the password meanwhile.
    await prisma.user.updateMany({
      where: { id: row.id, password_hash: row.password_hash },
      data: { password_hash: hash },
    });
    log.info("password rehashed with the current scrypt parameters", { user: row.id });
  }
  return toUser(row);
}

export const DEMO_USERS: { email: string; role: Role; name: string }[] = [
  { email: "marketer@example.com", role: "user", name: "Demo Marketer" },
  { email: "advanced@example.com", role: "advanced", name: "Demo Advanced User" },
  { email: "super@example.com", role: "super", name: "Demo Super User" },
];

/** On a database with no users, creates the three demo users. Returns whether it did. */
export async function ensureDemoUsers(options: {
  password: string;
  /** A hash of `password` made earlier (one for many databases); made here otherwise. */
  hash?: string;
}): Promise<boolean> {
  const prisma = await db();
  if ((await prisma.user.count()) > 0) return false;
  const hash = options.hash ?? (await hashSecret(options.password));
  await prisma.user.createMany({
    data: DEMO_USERS.map((u) => ({ id: newId("user"), ...u, password_hash: hash })),
    skipDuplicates: true,
  });
  return true;
}

/** Settings page / API: change role or disabled flag by id. A super user cannot demote or disable themself. */
export async function updateUserById(options: {
  id: string;
  role?: Role;
  is_disabled?: boolean;
  actorId: string;
}): Promise<TUser> {
  if (options.id === options.actorId && (options.is_disabled || (options.role && options.role !== "super"))) {
    throw conflict("You cannot disable yourself or take away your own super role.", "self_demotion");
  }
  const prisma = await db();
  const existing = await prisma.user.findUnique({ where: { id: options.id } });
  if (!existing) throw notFound(`No user has id ${options.id}.`);
  const row = await prisma.user.update({
    where: { id: options.id },
    data: {
      ...(options.role ? { role: options.role } : {}),
      ...(options.is_disabled !== undefined ? { is_disabled: options.is_disabled } : {}),
    },
  });
  // A disabled user's sessions and tokens end (enabling again does not bring them back).
  if (options.is_disabled) await endSessionsOf({ subjectKind: "user", subjectId: row.id });
  await forgetPrincipals();
  return toUser(row);
}

/** Whether this user must choose a new password before using the studio (after a reset). */
export async function mustChangePassword(options: { id: string }): Promise<boolean> {
  const row = await (await db()).user.findUnique({ where: { id: options.id }, select: { must_change_password: true } });
  return row?.must_change_password ?? false;
}
