/**
 * GET /data/customers: customers found by part of their id, name or e-mail, for pickers (the
 * preview's "show this customer's carousel"). An id typed whole comes first. Consents are the
 * effective ones (./effective-consent.ts), with the suppressions that turned a feed's true off.
 */
import { z } from "zod";
import { db, getDatabase } from "@/lib/db/client";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/http/timestamps";
import { normalisedAddressSql, SUPPRESSION_CHANNELS, type SuppressionChannel } from "./effective-consent";

export const ZCustomerSummary = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable().describe("E.164 (intake normalises it)"),
  city: z.string(),
  country: z.string(),
  segment_id: z.string(),
  purchases_180d: z.number().int(),
  last_purchase_at: z.string().nullable(),
  is_synthetic: z.boolean(),
  email_consent: z
    .boolean()
    .describe("Effective consent: the feed's email_consent and the e-mail address not suppressed"),
  sms_consent: z
    .boolean()
    .describe("Effective consent: the feed's sms_consent and the phone number not suppressed for SMS"),
  viber_consent: z
    .boolean()
    .describe("Effective consent: the feed's viber_consent and the phone number not suppressed for Viber"),
  suppressions: z
    .array(z.object({ channel: z.enum(SUPPRESSION_CHANNELS), reason: z.string(), date_created: z.string() }))
    .describe("Why a consent is false although the feed gave it: the suppressions of the customer's addresses"),
});
export const ZCustomerList = ZList("customers", ZCustomerSummary);

export async function listCustomers(page: TPagination & { search?: string }) {
  const prisma = await db();
  const search = page.search?.trim();
  const where = search
    ? {
        OR: [
          { customer_id: { startsWith: search } },
          { first_name: { contains: search, mode: "insensitive" as const } },
          { last_name: { contains: search, mode: "insensitive" as const } },
          { email: { contains: search, mode: "insensitive" as const } },
        ],
      }
    : {};
  const [rows, count, exact] = await Promise.all([
    prisma.customer.findMany({
      where,
      orderBy: [{ purchases_180d: "desc" }, { customer_id: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.customer.count({ where }),
    search && page.offset === 0 ? prisma.customer.findUnique({ where: { customer_id: search } }) : null,
  ]);
  const ordered = exact
    ? [exact, ...rows.filter((r) => r.customer_id !== exact.customer_id)].slice(0, page.limit)
    : rows;
  const suppressed = await suppressionsOf(ordered.map((c) => c.customer_id));
  const mine = (id: string) => suppressed.filter((s) => s.customer_id === id);
  const effective = (id: string, channel: SuppressionChannel, consent: boolean) =>
    consent && !mine(id).some((s) => s.channel === channel);
  return listResponse(
    "customers",
    page,
    ordered.map((c) => ({
      customer_id: c.customer_id,
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      phone_number: c.phone_number,
      city: c.city,
      country: c.country,
      segment_id: c.segment_id,
      purchases_180d: c.purchases_180d,
      last_purchase_at: formatNullableTimestamp(c.last_purchase_at),
      is_synthetic: c.is_synthetic,
      email_consent: effective(c.customer_id, "email", c.email_consent),
      sms_consent: effective(c.customer_id, "sms", c.sms_consent),
      viber_consent: effective(c.customer_id, "viber", c.viber_consent),
      suppressions: mine(c.customer_id).map((s) => ({
        channel: s.channel,
        reason: s.reason,
        date_created: formatTimestamp(new Date(s.date_created)),
      })),
    })),
    count,
  );
}

/** The suppressions of the customers' current addresses (by address: the suppression list's key). */
async function suppressionsOf(customerIds: string[]) {
  if (customerIds.length === 0) return [];
  const database = await getDatabase();
  return database.sql.query<{ customer_id: string; channel: SuppressionChannel; reason: string; date_created: Date }>(
    `SELECT c.customer_id, s.channel, s.reason, s.date_created
       FROM customers c JOIN suppressions s
         ON (s.channel = 'email' AND s.address = ${normalisedAddressSql("email", "c.email")})
         OR (s.channel IN ('sms', 'viber') AND s.address = ${normalisedAddressSql("sms", "c.phone_number")})
      WHERE c.customer_id = ANY($1::text[])
      ORDER BY s.date_created, s.channel`,
    [customerIds],
  );
}
