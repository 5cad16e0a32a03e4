/**
 * A user changes their own password: the current one is required (and counts towards the sign-in
 * throttle like any other password presented), the new one follows the password rules
 * (lib/auth/password-policy.ts) and must differ from the current one. Clears the "must change"
 * mark a super user's reset left (until then every other operation answered 403
 * password_change_required: lib/http/admit.ts).
 */
import { db } from "@/lib/db/client";
import { notFound, validationError } from "@/lib/http/errors";
import { hashSecret, verifySecret } from "./password";
import { forgetPrincipals } from "./resolve-principal";
import { presentPassword } from "./throttle";
import { answerThrottled } from "./throttle-error";
import { type TUser, toUser } from "./users";

export async function changeOwnPassword(options: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  address: string;
}): Promise<TUser> {
  const prisma = await db();
  const row = await prisma.user.findUnique({ where: { id: options.userId }, omit: { password_hash: false } });
  if (!row || row.is_disabled) throw notFound(`No active user has id ${options.userId}.`);
  const ok = await answerThrottled(() =>
    presentPassword({
      email: row.email,
      address: options.address,
      verify: async () => ((await verifySecret(options.currentPassword, row.password_hash)) ? true : undefined),
    }),
  );
  if (!ok) throw validationError([{ loc: ["body", "current_password"], msg: "The current password is wrong." }]);
  if (options.newPassword === options.currentPassword) {
    throw validationError([{ loc: ["body", "new_password"], msg: "Choose a password other than the current one." }]);
  }
  if (options.newPassword.trim().toLowerCase() === row.email) {
    throw validationError([{ loc: ["body", "new_password"], msg: "The password must not be the e-mail address." }]);
  }
  const updated = await prisma.user.update({
    where: { id: row.id },
    data: { password_hash: await hashSecret(options.newPassword), must_change_password: false },
  });
  // The cached principal still says "must change": everything opens from the next request on.
  if (row.must_change_password) await forgetPrincipals();
  return toUser(updated);
}
