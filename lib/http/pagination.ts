import { z } from "zod";

/** The one pagination query of every list: offset from 0, limit 1-100 (larger asks are capped). */
export const ZPagination = z.object({
  offset: z.coerce.number().int().min(0).default(0).describe("Items to skip (default 0)."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((n) => Math.min(n, MAX_LIMIT))
    .describe("Page size: default 10, at most 100 (larger values are capped to 100)."),
});
export type TPagination = z.infer<typeof ZPagination>;
export const MAX_LIMIT = 100;

/** The one list shape: {offset, limit, <key>: [...], count} with count the total. */
export function listResponse<K extends string, T>(
  key: K,
  page: TPagination,
  rows: T[],
  count: number,
): { offset: number; limit: number; count: number } & Record<K, T[]> {
  return { offset: page.offset, limit: page.limit, [key]: rows, count } as {
    offset: number;
    limit: number;
    count: number;
  } & Record<K, T[]>;
}

/** The zod shape of a list response, for the OpenAPI document. */
export function ZList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    offset: z.number().int(),
    limit: z.number().int(),
    [key]: z.array(item),
    count: z.number().int().describe("Total number of matching records."),
  } as { offset: z.ZodNumber; limit: z.ZodNumber; count: z.ZodNumber } & Record<K, z.ZodArray<T>>);
}
