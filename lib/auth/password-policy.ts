/**
 * Server-side password rules on top of the form's length rules (lib/auth/schemas.ts, OWASP ASVS
 * 2.1): a new password must not be one of the ~49,000 common passwords that
 * @zxcvbn-ts/language-common ships (compared without case), nor the account's e-mail address. Kept apart from schemas.ts so the browser bundle does not carry the list.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import type { z } from "zod";
import { ZPasswordChangeFields, ZPasswordField, ZPasswordResetFields, ZUserCreateBase } from "./schemas";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  const folded = password.toLowerCase();
  return common.has(folded);
}

export const COMMON_PASSWORD_MESSAGE = "This password is on a list of commonly used passwords; choose another.";

export const ZNewPassword = ZPasswordField.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

/** A new password that is not the account's own e-mail address. */
export function notTheEmail<T extends { email: string; password: string }>(value: T, ctx: z.RefinementCtx): void {
  if (value.password.trim().toLowerCase() === value.email.trim().toLowerCase()) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "The password must not be the e-mail address." });
  }
}

export const ZUserCreate = ZUserCreateBase.extend({ password: ZNewPassword }).superRefine(notTheEmail);
export type TUserCreate = z.input<typeof ZUserCreate>;

export const ZPasswordChange = ZPasswordChangeFields.extend({ new_password: ZNewPassword });
export type TPasswordChange = z.infer<typeof ZPasswordChange>;

export const ZPasswordReset = ZPasswordResetFields.extend({ new_password: ZNewPassword });
export type TPasswordReset = z.infer<typeof ZPasswordReset>;
