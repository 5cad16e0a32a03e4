/**
 * Idempotency-Key on POST, PUT and DELETE (Stripe's semantics), kept in the database so that it
 * holds across processes and restarts:
 * - The first request with a key claims it (an INSERT ... ON CONFLICT DO NOTHING: of two at once,
 *   one wins) once it has passed authentication and validation; its answer (status and body) is
 *   kept for 24 hours per caller and key.
 * - A retry with the same key, method, path and body gets the kept answer again, with
 *   `Idempotent-Replayed: true`, and nothing runs twice. While the first still runs: 409
 *   `idempotency_in_progress`. The same key with another request: 422 `idempotency_key_reused`.
 * - Kept: answers the operation gave (2xx, and 4xx such as 404 or 409 that it decided). Not kept,
 *   so a retry runs again: answers given before the operation ran (401, 403, 415, validation 422,
 *   429) and failures on our side (5xx). A claim left running for 10 minutes (its process died) is
 *   taken over by the next retry.
 * Requests without the header, and public operations (no caller), are not affected.
 */
import { createHash, randomUUID } from "node:crypto";
import { getDatabase } from "@/lib/db/client";
import { ApiError, badRequest, conflict } from "./errors";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const KEEP_HOURS = 24;
const ABANDONED_MINUTES = 10;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyClaim {
  caller: string;
  key: string;
  /** This request's hold on the key: a request whose claim was taken over keeps nothing. */
  id: string;
}

export type ClaimResult = { run: true } | { run: false; status: number; body: string };

export function newClaim(caller: string, key: string): IdempotencyClaim {
  return { caller, key, id: randomUUID() };
}

/** The request's key, checked (400 naming the header), or undefined without one. */
export function idempotencyKey(headers: { get(name: string): string | null }): string | undefined {
  const key = headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(
      "The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID, say).",
      "invalid_idempotency_key",
    );
  }
  return key;
}

export function fingerprint(method: string, url: string, body: string | Uint8Array): string {
  const u = new URL(url);
  return createHash("sha256").update(`${method} ${u.pathname}${u.search}\n`).update(body).digest("hex");
}

/** Claims the key for this request, or says what to answer instead (a kept answer, 409, 422). */
export async function claimKey(claim: IdempotencyClaim, print: string): Promise<ClaimResult> {
  const { sql } = await getDatabase();
  const inserted = await sql.query(
    `INSERT INTO idempotency_keys (caller, key, fingerprint, claim, state, expires)
     VALUES ($1, $2, $3, $5, 'running', now() + make_interval(hours => $4))
     ON CONFLICT (caller, key) DO NOTHING RETURNING key`,
    [claim.caller, claim.key, print, KEEP_HOURS, claim.id],
  );
  if (inserted.length === 1) return { run: true };
  // Expired, or abandoned by a process that died mid-request: taken over (conditionally, so
  // that of two retries at once one runs).
  const taken = await sql.query(
    `UPDATE idempotency_keys
        SET fingerprint = $3, claim = $6, state = 'running', status = NULL, body = NULL, date_created = now(),
            expires = now() + make_interval(hours => $4)
      WHERE caller = $1 AND key = $2
        AND (expires < now() OR (state = 'running' AND date_created < now() - make_interval(mins => $5)))
      RETURNING key`,
    [claim.caller, claim.key, print, KEEP_HOURS, ABANDONED_MINUTES, claim.id],
  );
  if (taken.length === 1) return { run: true };
  const [row] = await sql.query<{ fingerprint: string; state: string; status: number | null; body: string | null }>(
    "SELECT fingerprint, state, status, body FROM idempotency_keys WHERE caller = $1 AND key = $2",
    [claim.caller, claim.key],
  );
  if (!row) return claimKey(claim, print); // released meanwhile: claim again
  if (row.fingerprint !== print) {
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was used with another request in the last 24 hours; use a new key for a new request.",
      [{ loc: ["header", "Idempotency-Key"], msg: "already used with another request (method, path or body)" }],
    );
  }
  if (row.state !== "done" || row.status === null || row.body === null) {
    throw conflict(
      "A request with this Idempotency-Key is still being processed; retry when it has finished.",
      "idempotency_in_progress",
    );
  }
  return { run: false, status: row.status, body: row.body };
}

/** Keeps the operation's answer for replays. */
export async function keepAnswer(claim: IdempotencyClaim, status: number, body: string): Promise<void> {
  const { sql } = await getDatabase();
  await sql.query(
    `UPDATE idempotency_keys SET state = 'done', status = $3, body = $4
      WHERE caller = $1 AND key = $2 AND claim = $5`,
    [claim.caller, claim.key, status, body, claim.id],
  );
}

/** Gives the key up: the retry runs the operation again. */
export async function releaseKey(claim: IdempotencyClaim): Promise<void> {
  const { sql } = await getDatabase();
  await sql.query("DELETE FROM idempotency_keys WHERE caller = $1 AND key = $2 AND claim = $3 AND state = 'running'", [
    claim.caller,
    claim.key,
    claim.id,
  ]);
}

/** Whether an error the operation raised is its answer (kept) or leaves the retry free (released). */
export function keepsError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** Drops expired keys (hourly job). */
export async function purgeExpiredKeys(): Promise<number> {
  const { sql } = await getDatabase();
  const rows = await sql.query("DELETE FROM idempotency_keys WHERE expires < now() RETURNING key");
  return rows.length;
}
