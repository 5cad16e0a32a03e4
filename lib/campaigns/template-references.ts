/**
 * Campaign groups name e-mail templates by html_template_id (not a foreign key: "" means none).
 * The template row's lock keeps the reference true: a campaign's save takes the rows it names
 * FOR SHARE in its transaction, a template's change or delete writes its row before it looks at
 * the groups, so one of the two transactions always sees the other's outcome.
 */
import type { Prisma } from "@/lib/db/generated/client";
import { conflict } from "@/lib/http/errors";

type Tx = Prisma.TransactionClient;

/** 409 unknown_reference naming the templates the groups name that do not exist; the others stay locked. */
export async function lockTemplates(tx: Tx, groups: readonly { html_template_id: string }[]): Promise<void> {
  const ids = [...new Set(groups.map((g) => g.html_template_id).filter(Boolean))];
  if (ids.length === 0) return;
  const found = await tx.$queryRawUnsafe<{ template_id: string }[]>(
    `SELECT template_id FROM email_templates WHERE template_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) FOR SHARE`,
    ...ids,
  );
  const have = new Set(found.map((t) => t.template_id));
  const absent = ids.filter((id) => !have.has(id));
  if (absent.length) {
    throw conflict(
      `No e-mail template has id${absent.length > 1 ? "s" : ""} ${absent.join(", ")} (html_template_id).`,
      "unknown_reference",
    );
  }
}
