import { audienceCustomers } from "@/lib/audiences/audience-customers";
import { audienceCustomersOp } from "@/lib/audiences/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(audienceCustomersOp, ({ params, query }) => audienceCustomers(params.audience_id, query));
