/** Positions: named places in the shop where a touchpoint shows. */
import { db } from "@/lib/db/client";
import { conflict, notFound, onBrokenReference } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import { PREDEFINED_POSITIONS } from "./constants";
import type { TPosition, TPositionInput } from "./schemas";

type Row = {
  position_id: string;
  position_name: string;
  position_description: string;
  date_created: Date;
  date_modified: Date;
};

export const toPosition = (r: Row): TPosition => ({
  position_id: r.position_id,
  position_name: r.position_name,
  position_description: r.position_description,
  date_created: formatTimestamp(r.date_created),
  date_modified: formatTimestamp(r.date_modified),
});

export async function listPositions(page: TPagination & { search?: string }) {
  const prisma = await db();
  const where = page.search ? { position_name: { contains: page.search, mode: "insensitive" as const } } : {};
  const [rows, count] = await Promise.all([
    prisma.position.findMany({
      where,
      orderBy: [{ date_created: "asc" }, { position_id: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.position.count({ where }),
  ]);
  return listResponse("positions", page, rows.map(toPosition), count);
}

export async function createPosition(input: TPositionInput): Promise<TPosition> {
  const prisma = await db();
  return toPosition(await prisma.position.create({ data: { position_id: newId("position"), ...input } }));
}

export async function updatePosition(id: string, input: TPositionInput): Promise<TPosition> {
  const prisma = await db();
  const { count } = await prisma.position.updateMany({
    where: { position_id: id },
    data: { ...input, date_modified: new Date() },
  });
  if (count === 0) throw notFound(`No position has id ${id}.`);
  return toPosition(await prisma.position.findUniqueOrThrow({ where: { position_id: id } }));
}

export async function deletePosition(id: string): Promise<{ detail: string }> {
  const prisma = await db();
  const users = await prisma.touchpoint.findMany({
    where: { position: id },
    select: { touchpoint_id: true, touchpoint_name: true },
  });
  if (users.length > 0) {
    throw conflict(
      `Position ${id} is used by ${users.map((t) => `${t.touchpoint_name} (${t.touchpoint_id})`).join(", ")}; delete those touchpoints first.`,
      "in_use",
    );
  }
  const { count } = await onBrokenReference(prisma.position.deleteMany({ where: { position_id: id } }), () =>
    conflict(`Position ${id} was just taken up by a touchpoint; it was not deleted.`, "in_use"),
  );
  if (count === 0) throw notFound(`No position has id ${id}.`);
  return { detail: `Position ${id} was deleted.` };
}

/** At first start: a few sensible positions, editable like any other. */
export async function ensurePredefinedPositions(): Promise<number> {
  const prisma = await db();
  if ((await prisma.position.count()) > 0) return 0;
  await prisma.position.createMany({
    data: PREDEFINED_POSITIONS.map((p) => ({ position_id: newId("position"), is_predefined: true, ...p })),
  });
  return PREDEFINED_POSITIONS.length;
}
