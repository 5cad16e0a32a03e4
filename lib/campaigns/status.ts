/**
 * A campaign's status and what each allows (diagram in ARCHITECTURE.md, "Campaigns").
 *
 *   Not approved --(last approval)--> Approved --(start time / send-instant)--> Preparing
 *   Preparing --> Sending --> Sent | Not sent;  Preparing --> Not sent (could not start)
 *   Sending --> Approved (a recurring campaign's occurrence done, more to come)
 *   Approved | Not sent --(edit of content, audience or schedule)--> Not approved
 *
 * Preparing and Sending are set by sending (lib/campaigns/sending/); this module decides which
 * actions each status allows.
 */
import { conflict } from "@/lib/http/errors";

export const CAMPAIGN_STATUSES = ["Not approved", "Approved", "Preparing", "Sending", "Sent", "Not sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export type CampaignAction = "edit" | "delete" | "approve" | "send" | "archive";

const ALLOWED: Record<CampaignAction, readonly CampaignStatus[]> = {
  edit: ["Not approved", "Approved", "Not sent"],
  delete: ["Not approved", "Approved", "Not sent"],
  approve: ["Not approved"],
  send: ["Approved"],
  // Not an Approved campaign (it would still be sent), nor one under way.
  archive: ["Not approved", "Sent", "Not sent"],
};

/** The transitions the service makes, for documentation and the sending issue's checks. */
export const TRANSITIONS: Record<CampaignStatus, readonly CampaignStatus[]> = {
  "Not approved": ["Approved"],
  Approved: ["Not approved", "Preparing"],
  Preparing: ["Sending", "Not sent"],
  Sending: ["Sent", "Not sent", "Approved"],
  Sent: [],
  "Not sent": ["Not approved"],
};

export function allowedStatuses(action: CampaignAction): readonly CampaignStatus[] {
  return ALLOWED[action];
}

export function allows(action: CampaignAction, status: string): boolean {
  return (ALLOWED[action] as readonly string[]).includes(status);
}

const WHY: Record<CampaignAction, string> = {
  edit: "only a campaign that is Not approved, Approved or Not sent can be edited",
  delete: "a campaign being prepared, being sent or sent cannot be deleted (archive a sent one)",
  approve: "only a campaign that is Not approved can be approved",
  send: "only an Approved campaign can be sent",
  archive: "only a campaign that is Not approved, Sent or Not sent can be archived",
};

/** 409 naming the current status when the action is not allowed in it. */
export function assertAllowed(action: CampaignAction, status: string, campaignId: string): void {
  if (!allows(action, status)) {
    throw conflict(`Campaign ${campaignId} is ${status}: ${WHY[action]}.`, "invalid_status");
  }
}
