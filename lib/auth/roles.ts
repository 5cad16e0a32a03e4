import { z } from "zod";
import type { Scope } from "./scopes";

export const ROLES = ["user", "advanced", "super"] as const;
export const ZRole = z.enum(ROLES).describe("user (marketer), advanced, or super");
export type Role = z.infer<typeof ZRole>;

const rank: Record<Role, number> = { user: 0, advanced: 1, super: 2 };

export function hasRole(actual: Role, needed: Role): boolean {
  return rank[actual] >= rank[needed];
}

/** Who is calling: a signed-in user or an API client. */
export interface Principal {
  kind: "user" | "client";
  id: string;
  /** e-mail of a user, client_id of an API client */
  subject: string;
  name: string;
  role: Role;
  /** What the credential may do besides the role (./scopes.ts); undefined (users): ["studio"]. */
  scopes?: readonly Scope[];
  /** A publishable client's browser origins (./origins.ts); undefined for every other caller. */
  allowedOrigins?: readonly string[];
  /** The request came with the client's publishable key (pk_...): rate limited per visitor and key. */
  publishable?: boolean;
  /**
   * A user whose password a super user set: until they choose their own, every operation but
   * those declared `openBeforePasswordChange` answers 403 password_change_required.
   */
  mustChangePassword?: boolean;
}
