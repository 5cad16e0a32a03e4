/**
 * Input schemas of users and API clients, free of server imports so the Settings forms validate
 * with the same rules as the API. `...Fields` is the form's shape (every field present); the API
 * schema adds defaults and normalisation on top.
 */
import { z } from "zod";
import { ZRole } from "./roles";

export const ZUserCreateFields = z.object({
  email: z.email("Enter an e-mail address such as name@example.com."),
  name: z.string().max(200, "At most 200 characters."),
  role: ZRole,
  password: z.string().min(8, "At least 8 characters.").max(200, "At most 200 characters."),
});

export const ZUserCreate = ZUserCreateFields.extend({
  email: ZUserCreateFields.shape.email.transform((e) => e.toLowerCase()),
  name: ZUserCreateFields.shape.name.default(""),
  role: ZRole.default("user"),
});
export type TUserCreate = z.input<typeof ZUserCreate>;

export const ZApiClientCreateFields = z.object({
  name: z.string().trim().min(1, "A name is required.").max(200, "At most 200 characters."),
  role: ZRole,
});

export const ZApiClientCreate = ZApiClientCreateFields.extend({ role: ZRole.default("user") });
export type TApiClientCreate = z.input<typeof ZApiClientCreate>;
