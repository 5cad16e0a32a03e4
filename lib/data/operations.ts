/** API operations of data intake (see lib/http/operation.ts). */
import { z } from "zod";
import { defineOperation, MB } from "@/lib/http/operation";
import { ZPagination } from "@/lib/http/pagination";
import { ZDataOverview } from "./get-data-overview";
import { ZCustomerList } from "./list-customers";
import { ZDiscountList } from "./list-discounts";
import { ZItemSummaryList, ZListItemsQuery } from "./list-items";
import { type IntakeKind, MAX_BATCH, RECORD_SCHEMAS, ZIntakeResult } from "./schemas";
import { ZSegmentList } from "./segments";

/**
 * The request is checked as a list of records; each record is then validated on its own so one
 * bad record does not sink the batch. The documented schema shows the record shape.
 */
function intakeOp<K extends IntakeKind>(kind: K, what: string) {
  return defineOperation({
    method: "POST",
    path: `/data/${kind}`,
    tag: "Data intake",
    summary: `Upsert up to ${MAX_BATCH.toLocaleString("en")} ${what}`,
    description: `Bulk upsert. Each record is judged on its own: the bad ones are answered by index with the field and the reason, the good ones are kept (a record given twice: the last one wins). upserted counts the rows written (an event already stored counts zero). Sending a batch again is safe. Roles advanced and super, and API clients with those roles, may write data (403 for role user); scope data:write (or studio). Body limit 10 MB.`,
    auth: "advanced",
    scope: "data:write",
    audit: {
      action: `data.${kind}.upsert`,
      objectType: kind,
      summary: ({ result }) => (result ? `received ${result.received}, upserted ${result.upserted}` : ""),
    },
    bodyLimit: 10 * MB,
    // Parsed and validated off the request thread (lib/data/ingest-request.ts), by this schema.
    rawBody: true,
    body: z.object({
      [kind]: z.array(z.unknown()).max(MAX_BATCH, `at most ${MAX_BATCH} records per request`),
    } as Record<K, z.ZodArray<z.ZodUnknown>>),
    docBody: z.object({ [kind]: z.array(RECORD_SCHEMAS[kind]).max(MAX_BATCH) }),
    response: ZIntakeResult,
    errors: [403, 413, 415],
  });
}

export const intakeOps = {
  items: intakeOp("items", "items of the catalog"),
  customers: intakeOp("customers", "customers"),
  events: intakeOp("events", "events (views, add-to-carts, purchases, clicks, searches)"),
  discounts: intakeOp("discounts", "discounts of leaflets"),
};

export const listSegmentsOp = defineOperation({
  method: "GET",
  path: "/data/segments",
  tag: "Data intake",
  summary: "List segments with their customer counts",
  auth: "user",
  query: ZPagination,
  response: ZSegmentList,
});

export const dataOverviewOp = defineOperation({
  method: "GET",
  path: "/data/overview",
  tag: "Data intake",
  summary: "Counts of items, customers, events, segments and the last imports",
  auth: "user",
  response: ZDataOverview,
});

export const listCustomersOp = defineOperation({
  method: "GET",
  path: "/data/customers",
  tag: "Data intake",
  summary: "Find customers by part of their id, name or e-mail",
  description: "For pickers (the studio's preview). Most purchases in 180 days first; an id given whole comes first.",
  auth: "user",
  query: ZPagination.extend({
    search: z.string().max(200).optional().describe("The start of the id, or part of the name or e-mail"),
  }),
  response: ZCustomerList,
});

export const listDiscountsOp = defineOperation({
  method: "GET",
  path: "/data/discounts",
  tag: "Data intake",
  summary: "List discounts (of leaflets) with whether each is valid now",
  auth: "user",
  query: ZPagination.extend({
    leaflet_id: z.string().max(200).optional(),
    search: z.string().max(200).optional().describe("Part of the id or name"),
  }),
  response: ZDiscountList,
});

export const listItemsOp = defineOperation({
  method: "GET",
  path: "/data/items",
  tag: "Data intake",
  summary: "Items of the catalog: by ids (item_ids, in that order) or by part of the name",
  auth: "user",
  query: ZPagination.extend(ZListItemsQuery.shape),
  response: ZItemSummaryList,
});
