/** Messages between the web thread and the intake thread (./entry.ts, ./start-intake-thread.ts). */

import type { IntakeChanges } from "../ingest-batch";
import type { IntakeKind, TIntakeResult } from "../schemas";

export type ToIntakeThread = { type: "ingest"; id: number; kind: IntakeKind; bytes: Uint8Array } | { type: "stop" };

/** An error as it crosses threads: an API error keeps its status, code and fields. */
export interface ThreadError {
  message: string;
  status?: number;
  code?: string;
  detail?: string;
  errors?: unknown;
  headers?: Record<string, string>;
}

export type FromIntakeThread =
  | { type: "started" }
  | { type: "stopped" }
  | { type: "done"; id: number; result: TIntakeResult; changes: IntakeChanges }
  | { type: "failed"; id: number; error: ThreadError };
