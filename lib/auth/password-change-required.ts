/**
 * The refusal a user gets while they must change a password a super user set (must_change_password):
 * from the password grant, and from every operation but changing it (lib/http/admit.ts).
 */
import { ApiError } from "@/lib/http/errors";

export function passwordChangeRequired(email: string): ApiError {
  return new ApiError(
    403,
    "password_change_required",
    `A super user set the password of ${email}: choose a new one first (sign in to the studio, or PUT /api/latest/settings/users/me/password with the current one). Until then only that and GET /auth/me are open.`,
  );
}
