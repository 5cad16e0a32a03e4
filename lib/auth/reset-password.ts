/**
 * A super user sets another user's password (they forgot it, or it may have leaked): the user must
 * choose a new one at their next sign-in (must_change_password), and the account's failed-attempt
 * count and wait are cleared. One's own password is changed with the current one instead.
 */
import { db } from "@/lib/db/client";
import { conflict, notFound, validationError } from "@/lib/http/errors";
import { hashSecret } from "./password";
import { forgetPrincipals } from "./resolve-principal";
import { endSessionsOf } from "./sessions";
import { forgetAccountFailures } from "./throttle";
import { type TUser, toUser } from "./users";

export async function resetUserPassword(options: {
  userId: string;
  newPassword: string;
  actorId: string;
}): Promise<TUser> {
  if (options.userId === options.actorId) {
    throw conflict(
      "Change your own password with PUT /settings/users/me/password (your current password is needed).",
      "self_reset",
    );
  }
  const prisma = await db();
  const row = await prisma.user.findUnique({ where: { id: options.userId } });
  if (!row) throw notFound(`No user has id ${options.userId}.`);
  if (options.newPassword.trim().toLowerCase() === row.email) {
    throw validationError([{ loc: ["body", "new_password"], msg: "The password must not be the e-mail address." }]);
  }
  const updated = await prisma.user.update({
    where: { id: row.id },
    data: { password_hash: await hashSecret(options.newPassword), must_change_password: true },
  });
  await forgetAccountFailures(row.email);
  // Whoever knew the old password is signed out: every session and token of the user ends.
  await endSessionsOf({ subjectKind: "user", subjectId: row.id });
  await forgetPrincipals();
  return toUser(updated);
}
