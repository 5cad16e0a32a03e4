"use client";
/**
 * Approve and Send now, each behind a confirmation, with why they are not available when they
 * are not: role user may do neither, whoever wrote a version of the campaign may not approve it
 * (the server says so in is_edited_by_user), and only an Approved campaign is sent. Approving
 * sends the version the page shows (If-Match): a campaign changed meanwhile answers 412.
 */
import { useState } from "react";
import type { Role } from "@/lib/auth/roles";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { AudienceWarnings } from "./audience-warnings";
import { type Campaign, campaignKey, useApproveCampaign, type useSendInstant } from "./campaign-api";

export interface Viewer {
  email: string;
  role: Role;
}

/** Why the viewer cannot approve the campaign, or undefined when they may try. */
export function whyNotApprove(c: Campaign, viewer: Viewer): string | undefined {
  if (viewer.role === "user") return "Approving needs the advanced or super role.";
  if (c.status !== "Not approved") return `It is ${c.status}: only a Not approved campaign is approved.`;
  if (c.is_archived) return "It is archived.";
  if (c.is_approved_by_user) return "You have approved it already.";
  if (c.is_edited_by_user) return "You wrote or edited it (or its audience or template): someone else approves it.";
  return undefined;
}

type ApproveMutation = ReturnType<typeof useApproveCampaign>;
type SendMutation = ReturnType<typeof useSendInstant>;

/** The outcome of an approval or a send, for pages that show it apart from the button. */
export function ActionResult({ mutation }: { mutation: ApproveMutation | SendMutation }) {
  if (mutation.error) return <Alert tone="error">{errorMessage(mutation.error)}</Alert>;
  if (!mutation.data) return null;
  const text = "message" in mutation.data ? mutation.data.message : mutation.data.detail;
  return (
    <Alert tone="info" data-testid="action-result">
      {text}
    </Alert>
  );
}

/** Approve with its confirmation; the outcome is shown under it unless the page passes its own mutation to show it elsewhere. */
export function ApproveButton({
  campaign,
  viewer,
  mutation,
}: {
  campaign: Campaign;
  viewer: Viewer;
  mutation?: ApproveMutation;
}) {
  const own = useApproveCampaign();
  const approve = mutation ?? own;
  const [asking, setAsking] = useState(false);
  const why = whyNotApprove(campaign, viewer);
  return (
    <div className="space-y-1">
      <Button
        onClick={() => setAsking(true)}
        disabled={!!why || approve.isPending}
        aria-describedby={why ? `approve-why-${campaignKey(campaign)}` : undefined}
      >
        Approve
      </Button>
      {why && (
        <p id={`approve-why-${campaignKey(campaign)}`} className="max-w-44 text-xs text-slate-500">
          {why}
        </p>
      )}
      {!mutation && <ActionResult mutation={approve} />}
      <ConfirmDialog
        open={asking}
        title={`Approve “${campaign.campaign_name}”?`}
        confirmLabel="Approve"
        busy={approve.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => approve.mutate(campaign, { onSettled: () => setAsking(false) })}
      >
        <p>
          {campaign.approvals_left <= 1
            ? "Yours is the last approval it needs: it becomes Approved and is sent at its start time."
            : `It needs ${campaign.approvals_left} more approvals; yours counts for one.`}
        </p>
        <AudienceWarnings campaign={campaign} />
      </ConfirmDialog>
    </div>
  );
}

/** Send now with its confirmation; the page shows the outcome (ActionResult) where it fits. */
export function SendNowButton({
  campaign,
  viewer,
  mutation,
}: {
  campaign: Campaign;
  viewer: Viewer;
  mutation: SendMutation;
}) {
  const send = mutation;
  const [asking, setAsking] = useState(false);
  const why =
    viewer.role === "user"
      ? "Sending needs the advanced or super role."
      : campaign.status !== "Approved"
        ? `It is ${campaign.status}: only an Approved campaign is sent.`
        : undefined;
  return (
    <div className="space-y-1">
      <Button variant="secondary" onClick={() => setAsking(true)} disabled={!!why || send.isPending}>
        Send now
      </Button>
      {why && <p className="max-w-44 text-xs text-slate-500">{why}</p>}
      <ConfirmDialog
        open={asking}
        title={`Send “${campaign.campaign_name}” now?`}
        confirmLabel="Send now"
        busy={send.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => send.mutate(campaignKey(campaign), { onSettled: () => setAsking(false) })}
      >
        <p>
          Its audience is prepared and every group's message goes out now instead of at its start time. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
