/** The sign-in form's fields: validated in the browser (zodResolver) and again in the server action. */
import { z } from "zod";

export const ZSignIn = z.object({
  email: z.email("Enter an e-mail address such as name@example.com."),
  password: z.string().min(1, "Enter your password."),
});
export type TSignIn = z.infer<typeof ZSignIn>;

const EXPORT_DOWNLOAD = /^\/api\/latest\/customer-studio\/exports\/[A-Za-z0-9_-]+\/download\?[A-Za-z0-9=&_%.-]*$/;

/** Only a path on this site may follow sign-in; anything else (//evil.example, https://…) goes to /data. */
export function safeRedirect(target: string | undefined | null): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/data";
  // An export's e-mailed download link is the one API path sign-in may lead back to.
  if (EXPORT_DOWNLOAD.test(target)) return target;
  if (target.startsWith("/sign-in") || target.startsWith("/api/")) return "/data";
  return target;
}
