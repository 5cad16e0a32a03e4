/** POST /campaigning-studio/suppressions: an address, or a customer's address, suppressed on a channel. */
import type { Principal } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db/client";
import { conflict, validationError } from "@/lib/http/errors";
import type { TSuppression, TSuppressionInput } from "./schemas";
import { suppress, suppressionView } from "./suppress";

export async function createSuppression(opts: {
  input: TSuppressionInput;
  principal?: Principal;
}): Promise<TSuppression> {
  const { input } = opts;
  let address = input.address;
  let customerId: string | null = null;
  if (input.customer_id !== undefined) {
    const database = await getDatabase();
    const [customer] = await database.sql.query<{ email: string | null; phone_number: string | null }>(
      "SELECT email, phone_number FROM customers WHERE customer_id = $1",
      [input.customer_id],
    );
    if (!customer) throw conflict(`No customer has customer_id ${input.customer_id}.`, "unknown_reference");
    const own = (input.channel === "email" ? customer.email : customer.phone_number)?.trim();
    if (!own) {
      const what = input.channel === "email" ? "e-mail address" : "phone number";
      throw validationError([
        { loc: ["body", "customer_id"], msg: `customer ${input.customer_id} has no ${what} to suppress` },
      ]);
    }
    address = own;
    customerId = input.customer_id;
  }
  const { row } = await suppress({
    channel: input.channel,
    address: address!,
    customerId,
    reason: input.reason,
    source: opts.principal ? `api:${opts.principal.subject}` : "api",
    note: input.note,
  });
  return suppressionView(row);
}
