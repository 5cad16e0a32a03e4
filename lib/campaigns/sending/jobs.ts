/** The sending jobs' handlers (registered in lib/jobs/registry.ts). */
import { deliverSend } from "./deliver";
import { prepareSend } from "./prepare";
import { queueDelivery } from "./start-send";

/** Prepares the send, then queues its delivery (again on a retry, if a crash lost the first enqueue). */
export async function runPrepareJob(sendId: string): Promise<void> {
  const { status } = await prepareSend({ sendId });
  if (status === "Sending") await queueDelivery(sendId);
}

export async function runDeliverJob(sendId: string): Promise<void> {
  await deliverSend({ sendId });
}
