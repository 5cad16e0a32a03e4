/**
 * A delivery worker for tests/integration/campaign-crash.test.ts, to be killed mid-send: opens the
 * same PostgreSQL database and runs deliverSend for the send (e-mail over SMTP_URL when the test
 * sets it, else the outbox), printing a line when it has finished (it should not get that far).
 * Usage: tsx tests/integration/support/crash-sender.ts <database url> <send id>
 */
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { openPostgres, setDatabase } from "@/lib/db/client";

const [url, sendId] = process.argv.slice(2);
const database = await openPostgres(url!);
setDatabase(database);
process.stdout.write(`${JSON.stringify({ started: true })}\n`);
const result = await deliverSend({ sendId: sendId! });
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
