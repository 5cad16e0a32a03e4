/**
 * The rule of is_personalized (./schemas.ts personalPlaceholderProblem) for a group's HTML
 * template: a group that is not personalised sends everyone one message, so a {ph_customer.*}
 * placeholder in its template would go out empty (no customer's facts are loaded for it,
 * ./sending/deliver.ts). The template's HTML is in the database, so this is checked apart from the
 * zod schema: when a campaign is created or updated (422 at the group's is_personalized), when it
 * is approved or sent instantly (422 likewise) and when a send is prepared (Not sent, the same
 * reason). A template edited since is caught at approval: the edit sent the campaign back to it.
 */
import type { FieldError, Loc } from "@/lib/http/errors";
import { withTemplateHtml } from "./templates";

const CUSTOMER_PLACEHOLDER = /\{ph_customer\.[^{}\s]*\}/;

/** The problem of a group whose template holds a customer's placeholder, or undefined. */
export function templatePlaceholderProblem(g: {
  is_personalized: boolean;
  html_template_id: string;
  template_html: string | null;
}): string | undefined {
  if (g.is_personalized || !g.template_html) return undefined;
  const name = CUSTOMER_PLACEHOLDER.exec(g.template_html)?.[0];
  if (!name) return undefined;
  return `is false (one message for everyone), but its HTML template ${g.html_template_id} (html_template_id) holds ${name}: set is_personalized true, or choose a template without customer placeholders`;
}

/** The errors of the groups (in order: loc [...prefix, "campaign_details", i, "is_personalized"]). */
export async function templatePlaceholderErrors(
  groups: { is_personalized: boolean; html_template_id: string }[],
  prefix: Loc,
): Promise<FieldError[]> {
  // Only groups that are not personalised and name a template need their HTML.
  if (!groups.some((g) => !g.is_personalized && g.html_template_id)) return [];
  const withHtml = await withTemplateHtml(groups);
  return withHtml.flatMap((g, i) => {
    const msg = templatePlaceholderProblem(g);
    return msg ? [{ loc: [...prefix, "campaign_details", i, "is_personalized"], msg }] : [];
  });
}
