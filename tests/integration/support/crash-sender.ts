/**
 * A delivery worker for tests/integration/campaign-crash.test.ts, to be killed mid-send: opens the
 * same PostgreSQL database and runs deliverSend for the send (e-mail over SMTP_URL when the test
 * sets it, else the outbox), or with `fallbacks` the viber_sms SMS legs due (sendDueFallbacks,
 * over the SMS provider the environment names), printing a line when it has finished (it should
 * not get that far).
 * Usage: tsx tests/integration/support/crash-sender.ts <database url> <send id> [fallbacks]
 */
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { openPostgres, setDatabase } from "@/lib/db/client";
import { endWithParent } from "./end-with-parent";

const [url, sendId, mode] = process.argv.slice(2);
endWithParent();
const database = await openPostgres(url!);
setDatabase(database);
process.stdout.write(`${JSON.stringify({ started: true })}\n`);
const result = mode === "fallbacks" ? { fallbacks: await sendDueFallbacks() } : await deliverSend({ sendId: sendId! });
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
