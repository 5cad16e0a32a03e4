/**
 * An intake request's body, from bytes to records: JSON (400 malformed_json otherwise), then the
 * operation's schema ({ <kind>: [...] }, at most 10,000; 422 naming the field otherwise). Runs in
 * the intake thread (./intake-thread), or here when that thread is not running (tests, CLI).
 */
import { parseJsonBody, validateBody } from "@/lib/http/body";
import { intakeOps } from "./operations";
import type { IntakeKind } from "./schemas";

export function parseIntakeBody(kind: IntakeKind, bytes: Uint8Array): unknown[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const body = validateBody(intakeOps[kind], parseJsonBody(text)) as Record<IntakeKind, unknown[]>;
  return body[kind];
}
