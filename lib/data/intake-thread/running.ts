/** The intake thread a process runs, if any (started by ./start-intake-thread.ts). */
import { processWide } from "@/lib/process-wide";
import type { IntakeChanges } from "../ingest-batch";
import type { IntakeKind, TIntakeResult } from "../schemas";

export interface IntakeThread {
  ingest(kind: IntakeKind, bytes: Uint8Array): Promise<{ result: TIntakeResult; changes: IntakeChanges }>;
  stop(): Promise<void>;
}

export const intakeThreadSlot = processWide("intakeThread", () => ({ current: undefined as IntakeThread | undefined }));

export function runningIntakeThread(): IntakeThread | undefined {
  return intakeThreadSlot.current;
}
