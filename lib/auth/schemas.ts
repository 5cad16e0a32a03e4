/**
 * Input schemas of users and API clients, free of server imports so the Settings forms validate
 * with the same rules as the API. `...Fields` is the form's shape (every field present); the API
 * schema adds defaults and normalisation on top.
 */
import { z } from "zod";
import { ZRole } from "./roles";

/** OWASP ASVS 2.1: at least 12 characters, up to 128, any characters, no composition rules. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const ZPasswordField = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`);

export const ZUserCreateFields = z.object({
  email: z.email("Enter an e-mail address such as name@example.com."),
  name: z.string().max(200, "At most 200 characters."),
  role: ZRole,
  password: ZPasswordField,
});

/** The API's shape (the server adds the common-password check: lib/auth/password-policy.ts). */
export const ZUserCreateBase = ZUserCreateFields.extend({
  email: ZUserCreateFields.shape.email.transform((e) => e.toLowerCase()),
  name: ZUserCreateFields.shape.name.default(""),
  role: ZRole.default("user"),
});

export const ZPasswordChangeFields = z.object({
  current_password: z.string().min(1, "Enter your current password.").max(1024),
  new_password: ZPasswordField,
});
export const ZPasswordResetFields = z.object({ new_password: ZPasswordField });

export const ZApiClientCreateFields = z.object({
  name: z.string().trim().min(1, "A name is required.").max(200, "At most 200 characters."),
  role: ZRole,
});

export const ZApiClientCreate = ZApiClientCreateFields.extend({ role: ZRole.default("user") });
export type TApiClientCreate = z.input<typeof ZApiClientCreate>;
