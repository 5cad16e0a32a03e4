/**
 * The rules of a campaign's fields that need the database or the settings (the rest are in
 * ./schemas.ts), each a 422 at its field:
 * - every recommended_products id names an existing item (a product the message could not show
 *   would silently leave its place to another);
 * - an e-mail sender's address is on EMAIL_FROM's domain: the domain the mail is signed for (DKIM)
 *   and aligned with (DMARC); mail From another domain is refused or marked as spam by Gmail,
 *   Yahoo and Outlook. A display name alone keeps EMAIL_FROM's address;
 * - a group that is not personalised names no template holding {ph_customer.*}
 *   (./template-placeholders.ts, at the group's is_personalized).
 */
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { type FieldError, validationError } from "@/lib/http/errors";
import { domainOf, parseEmailSender } from "@/lib/messaging/sender";
import type { TCampaignInput } from "./schemas";
import { templatePlaceholderErrors } from "./template-placeholders";

export async function checkCampaignFields(input: TCampaignInput): Promise<void> {
  const errors: FieldError[] = [];
  const wanted = [...new Set(input.campaign_details.flatMap((g) => g.recommended_products))];
  if (wanted.length) {
    const database = await getDatabase();
    const rows = await database.sql.query<{ item_id: string }>(
      "SELECT item_id FROM items WHERE item_id = ANY($1::text[])",
      [wanted],
    );
    const known = new Set(rows.map((r) => r.item_id));
    input.campaign_details.forEach((g, i) => {
      g.recommended_products.forEach((id, j) => {
        if (!known.has(id)) {
          errors.push({ loc: ["body", "campaign_details", i, "recommended_products", j], msg: `no item has id ${id}` });
        }
      });
    });
  }
  if (input.channel_type === "email") {
    const address = parseEmailSender(input.sender)?.address;
    const from = parseEmailSender(env().EMAIL_FROM)?.address;
    if (address && from && domainOf(address) !== domainOf(from)) {
      errors.push({
        loc: ["body", "sender"],
        msg: `must be on the sending domain ${domainOf(from)} (EMAIL_FROM): mail from ${domainOf(address)} would fail DKIM and DMARC alignment; a display name alone keeps ${from}`,
      });
    }
  }
  errors.push(...(await templatePlaceholderErrors(input.campaign_details, ["body"])));
  if (errors.length) throw validationError(errors);
}
