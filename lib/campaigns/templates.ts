/**
 * E-mail HTML templates: create, read, list, update and delete. A campaign group names one in
 * html_template_id; composing a message (./sending/email-template.ts) fills its placeholders,
 * tracks its links and adds the open pixel and the unsubscribe footer.
 *
 * html_template_id is not a foreign key ("" means none), so the template row's lock stands in for
 * one: saving a campaign takes the rows of the templates it names FOR SHARE (./template-references.ts,
 * ./campaign-references.ts),
 * and changing or deleting a template writes its row first, then looks at the groups. Either the
 * campaign's transaction sees the template gone, or the template's sees the campaign.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import type { EmailTemplate, Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import { assertUnused, sendBackForApproval } from "./campaign-references";
import type { TTemplate, TTemplateInput, TTemplateSummary } from "./template-schemas";

function summaryView(t: Omit<EmailTemplate, "html">): TTemplateSummary {
  return {
    template_id: t.template_id,
    name: t.name,
    author: t.author,
    date_created: formatTimestamp(t.date_created),
    date_modified: formatTimestamp(t.date_modified),
  };
}

const templateView = (t: EmailTemplate): TTemplate => ({ ...summaryView(t), html: t.html });

const missing = (id: string) => notFound(`No e-mail template has id ${id}.`);

export async function createTemplate(opts: { input: TTemplateInput; principal: Principal }): Promise<TTemplate> {
  const prisma = await db();
  const now = new Date();
  const row = await prisma.emailTemplate.create({
    data: {
      template_id: newId("template"),
      ...opts.input,
      author: opts.principal.subject,
      date_created: now,
      date_modified: now,
    },
  });
  return templateView(row);
}

export async function getTemplate(opts: { templateId: string }): Promise<TTemplate> {
  const prisma = await db();
  const row = await prisma.emailTemplate.findUnique({ where: { template_id: opts.templateId } });
  if (!row) throw missing(opts.templateId);
  return templateView(row);
}

export async function listTemplates(opts: { page: TPagination & { search?: string } }) {
  const { page } = opts;
  const prisma = await db();
  const where: Prisma.EmailTemplateWhereInput = page.search
    ? { name: { contains: page.search, mode: "insensitive" } }
    : {};
  const [rows, count] = await Promise.all([
    prisma.emailTemplate.findMany({
      where,
      omit: { html: true },
      orderBy: [{ date_modified: "desc" }, { template_id: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.emailTemplate.count({ where }),
  ]);
  return listResponse("templates", page, rows.map(summaryView), count);
}

/**
 * A new name or HTML. Approvers approved the e-mail they saw: a new HTML sends the campaigns that
 * use the template back for approval, as an edit of their content does, and is refused (409)
 * while one of them is being prepared or sent (its messages would differ).
 */
export async function updateTemplate(opts: {
  templateId: string;
  input: TTemplateInput;
  /** Who changes it: they become an editor of the campaigns sent back (and may not approve them). */
  principal?: Principal;
}): Promise<TTemplate> {
  const { templateId, input } = opts;
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const before = await tx.emailTemplate.findUnique({ where: { template_id: templateId }, select: { html: true } });
    if (!before) throw missing(templateId);
    const row = await tx.emailTemplate.update({
      where: { template_id: templateId },
      data: { ...input, date_modified: new Date() },
    });
    if (before.html !== input.html) {
      await sendBackForApproval(tx, { kind: "template", id: templateId }, opts.principal);
    }
    return templateView(row);
  });
}

export async function deleteTemplate(opts: { templateId: string }): Promise<{ detail: string }> {
  const { templateId } = opts;
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    // Deleted first (the row's lock), then checked: a throw below rolls the delete back.
    const { count } = await tx.emailTemplate.deleteMany({ where: { template_id: templateId } });
    if (count === 0) throw missing(templateId);
    await assertUnused(tx, { kind: "template", id: templateId });
  });
  return { detail: `E-mail template ${templateId} was deleted.` };
}

/** The groups with the HTML of the templates they name (one query for all), to compose their e-mails. */
export async function withTemplateHtml<G extends { html_template_id: string }>(
  groups: G[],
): Promise<(G & { template_html: string | null })[]> {
  const ids = [...new Set(groups.map((g) => g.html_template_id).filter(Boolean))];
  const prisma = await db();
  const rows = ids.length
    ? await prisma.emailTemplate.findMany({
        where: { template_id: { in: ids } },
        select: { template_id: true, html: true },
      })
    : [];
  const html = new Map(rows.map((t) => [t.template_id, t.html]));
  return groups.map((g) => ({ ...g, template_html: html.get(g.html_template_id) ?? null }));
}
