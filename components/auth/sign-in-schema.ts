/** The sign-in form's fields: validated in the browser (zodResolver) and again in the server action. */
import { z } from "zod";

export const ZSignIn = z.object({
  email: z.email("Enter an e-mail address such as name@example.com."),
  password: z.string().min(1, "Enter your password."),
});
export type TSignIn = z.infer<typeof ZSignIn>;

/** The form's message for a throttled attempt (e2e/ui/sign-in.spec.ts reads it). */
export const waitMessage = (seconds: number) => `Too many failed attempts. Try again in ${seconds} s.`;

export { safeRedirect } from "@/lib/auth/safe-redirect";
