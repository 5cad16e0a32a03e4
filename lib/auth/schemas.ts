/**
 * Input schemas of users and API clients, free of server imports so the Settings forms validate
 * with the same rules as the API. `...Fields` is the form's shape (every field present); the API
 * schema adds defaults and normalisation on top.
 */
import { z } from "zod";
import { ZOrigins } from "./origins";
import { ZRole } from "./roles";
import { isPublishable, normalScopes, ZScope } from "./scopes";

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
  scopes: z
    .array(ZScope)
    .min(1, "Choose at least one scope.")
    .transform(normalScopes)
    .describe(
      'What the client may do besides its role (default ["studio"]). Exactly ["content"] makes a publishable client: it gets a `publishable_key` (pk_...) for browsers.',
    ),
  allowed_origins: ZOrigins.describe(
    'Publishable clients only: the browser origins its key answers (e.g. ["https://shop.example"]); a request with another Origin gets 403 origin_not_allowed, one without Origin (a server) is allowed. None: no browser may use the key.',
  ),
});

/** Browser origins go with a publishable key only: other clients' credentials are secrets kept on servers. */
function originsNeedPublishable(value: { scopes: string[]; allowed_origins: string[] }, ctx: z.RefinementCtx): void {
  if (value.allowed_origins.length > 0 && !isPublishable(value.scopes)) {
    ctx.addIssue({
      code: "custom",
      path: ["allowed_origins"],
      message:
        'Only a publishable client (scopes exactly ["content"]) is used from browsers; leave allowed_origins empty for the others, whose secrets stay on servers.',
    });
  }
}

export const ZApiClientCreate = ZApiClientCreateFields.extend({
  role: ZRole.default("user"),
  scopes: ZApiClientCreateFields.shape.scopes.default(["studio"]),
  allowed_origins: ZApiClientCreateFields.shape.allowed_origins.default([]),
}).superRefine(originsNeedPublishable);
export type TApiClientCreate = z.input<typeof ZApiClientCreate>;
