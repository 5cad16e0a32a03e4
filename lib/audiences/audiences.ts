/**
 * Audiences (spec 2.9, 4.6): create, update while draft, read, list, delete, estimate and
 * recalculate. Saving computes the funnel; an audience saved as created and static stores its
 * members (audience_members) in the same transaction, so it keeps them when new data arrives; a
 * dynamic one is counted again on recalculation (and before every campaign send).
 */
import type { Principal } from "@/lib/auth/roles";
import { assertUnused, sendBackForApproval } from "@/lib/campaigns/campaign-references";
import { db, getDatabase } from "@/lib/db/client";
import type { Audience } from "@/lib/db/generated/client";
import { conflict, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import { compileFunnel } from "./compile";
import { checkFilterLimit } from "./filter-limit";
import { type Funnel, funnel, type StepCount, withCounts } from "./funnel";
import type { TAudience, TAudienceInput, TFilterGroupInput } from "./schemas";

function view(a: Audience): TAudience {
  const groups = a.filters as TFilterGroupInput[];
  return {
    audience_id: a.audience_id,
    audience_name: a.audience_name,
    author: a.author,
    status: a.status as TAudience["status"],
    is_dynamic: a.is_dynamic,
    audience_type: "customers",
    recommendations_export: a.recommendations_export as TAudience["recommendations_export"],
    filters: withCounts(groups, a.counts as unknown as StepCount[]),
    is_uploaded: false,
    is_ready: a.is_ready,
    audience_size: a.audience_size,
    date_created: formatTimestamp(a.date_created),
    date_modified: formatTimestamp(a.date_modified),
  };
}

async function find(audienceId: string): Promise<Audience> {
  const prisma = await db();
  const found = await prisma.audience.findUnique({ where: { audience_id: audienceId } });
  if (!found) throw notFound(`No audience has id ${audienceId}.`);
  return found;
}

export async function getAudience(audienceId: string): Promise<TAudience> {
  return view(await find(audienceId));
}

export async function listAudiences(page: TPagination & { search?: string; status?: string }) {
  const prisma = await db();
  const where = {
    ...(page.search ? { audience_name: { contains: page.search, mode: "insensitive" as const } } : {}),
    ...(page.status ? { status: page.status } : {}),
  };
  const [rows, count] = await Promise.all([
    prisma.audience.findMany({
      where,
      orderBy: [{ date_modified: "desc" }, { audience_id: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.audience.count({ where }),
  ]);
  return listResponse("audiences", page, rows.map(view), count);
}

/** The funnel of filters without saving (the builder's live counts). */
export async function estimateAudience(groups: TFilterGroupInput[]) {
  checkFilterLimit(groups);
  const database = await getDatabase();
  const counted = await funnel(database, groups);
  return { total_customers: counted.total, audience_size: counted.size, filters: withCounts(groups, counted.steps) };
}

/** Writes an audience with its funnel; a created static audience stores its members. */
async function save(
  audienceId: string,
  input: TAudienceInput,
  author: string,
  creating: boolean,
  principal?: Principal,
): Promise<TAudience> {
  checkFilterLimit(input.filters);
  const database = await getDatabase();
  const prisma = database.prisma;
  const counted: Funnel = await funnel(database, input.filters);
  const data = {
    audience_name: input.audience_name,
    // The caller is the author (never the body's author); an edit keeps the one who created it.
    ...(creating ? { author } : {}),
    status: input.status,
    is_dynamic: input.is_dynamic,
    audience_type: input.audience_type,
    recommendations_export: input.recommendations_export,
    filters: input.filters,
    counts: counted.steps as unknown as object[],
    audience_size: counted.size,
    is_ready: true,
    date_calculated: new Date(),
    date_modified: new Date(),
  };
  const freeze = input.status === "created" && !input.is_dynamic;
  await prisma.$transaction(async (tx) => {
    if (creating) await tx.audience.create({ data: { audience_id: audienceId, ...data } });
    else {
      // Only a draft changes: the condition holds in the same statement, so two saves cannot both pass.
      const changed = await tx.audience.updateMany({ where: { audience_id: audienceId, status: "draft" }, data });
      if (changed.count === 0) {
        const exists = await tx.audience.findUnique({ where: { audience_id: audienceId }, select: { status: true } });
        if (!exists) throw notFound(`No audience has id ${audienceId}.`);
        throw conflict(`Audience ${audienceId} is ${exists.status}: only a draft audience can be edited.`, "not_draft");
      }
      // The campaigns sending to it were approved for its old members: back for approval (409
      // in_use while one is being prepared or sent). Its row is written first (see campaign-references).
      await sendBackForApproval(tx, { kind: "audience", id: audienceId }, principal);
    }
    await tx.audienceMember.deleteMany({ where: { audience_id: audienceId } });
    if (freeze) {
      const compiled = compileFunnel(input.filters, { firstParam: 2 });
      await tx.$executeRawUnsafe(
        `INSERT INTO audience_members (audience_id, customer_id)
         SELECT $1, c.customer_id FROM customers c WHERE ${compiled.where}`,
        audienceId,
        ...compiled.params,
      );
      // The members are the truth of a static audience: its size is what was stored.
      const stored = await tx.audienceMember.count({ where: { audience_id: audienceId } });
      await tx.audience.update({ where: { audience_id: audienceId }, data: { audience_size: stored } });
    }
  });
  return getAudience(audienceId);
}

export function createAudience(input: TAudienceInput, author: string): Promise<TAudience> {
  return save(newId("audience"), input, author, true);
}

export function updateAudience(
  input: TAudienceInput & { audience_id: string },
  author: string,
  principal?: Principal,
): Promise<TAudience> {
  return save(input.audience_id, input, author, false, principal);
}

/** Refused (409 in_use) while a campaign not yet Sent sends to it: deleted first, then checked. */
export async function deleteAudience(audienceId: string): Promise<{ message: string }> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const deleted = await tx.audience.deleteMany({ where: { audience_id: audienceId } });
    if (deleted.count === 0) throw notFound(`No audience has id ${audienceId}.`);
    await assertUnused(tx, { kind: "audience", id: audienceId });
  });
  return { message: `Audience ${audienceId} deleted.` };
}

/** A dynamic audience counted again from its filters (a static one keeps its members: 409). */
export async function recalculateAudience(audienceId: string): Promise<TAudience> {
  const audience = await find(audienceId);
  if (!audience.is_dynamic) {
    throw conflict(
      `Audience ${audienceId} is static: it keeps the members found when it was created. Make a new one to count again.`,
      "static_audience",
    );
  }
  const database = await getDatabase();
  const counted = await funnel(database, audience.filters as TFilterGroupInput[]);
  await database.prisma.audience.update({
    where: { audience_id: audienceId },
    data: {
      counts: counted.steps as unknown as object[],
      audience_size: counted.size,
      is_ready: true,
      date_calculated: new Date(),
    },
  });
  return getAudience(audienceId);
}

export { find as findAudience };
