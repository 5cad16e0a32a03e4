"use client";
/** One campaign: its details, each group's message and sending state, its approvals, and what may be done with it. */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { allows } from "@/lib/campaigns/status";
import { ApiClientError, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button, ButtonLink } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatDateTime } from "../ui/format";
import { AudienceWarnings } from "./audience-warnings";
import { ActionResult, ApproveButton, SendNowButton, type Viewer } from "./campaign-actions";
import {
  CHANNEL_LABEL,
  campaignKey,
  customersText,
  groupLetter,
  useApproveCampaign,
  useArchiveCampaign,
  useCampaign,
  useDeleteCampaign,
  useSendInstant,
} from "./campaign-api";
import { MessagePreview } from "./message-preview";
import { StatusBadge } from "./status-badge";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function CampaignView({ id, viewer }: { id: string; viewer: Viewer }) {
  const router = useRouter();
  const query = useCampaign(id);
  const remove = useDeleteCampaign();
  const archive = useArchiveCampaign();
  const approve = useApproveCampaign();
  const send = useSendInstant();
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <p className="text-sm text-slate-500">Loading the campaign…</p>;
  if (query.error) {
    const missing = query.error instanceof ApiClientError && query.error.status === 404;
    return (
      <Alert tone="error">
        {missing ? `No campaign has the id ${id}.` : errorMessage(query.error)}{" "}
        <a className="underline" href="/campaigns">
          Back to the campaigns
        </a>
      </Alert>
    );
  }
  const c = query.data;
  const key = campaignKey(c);
  const canEdit = allows("edit", c.status) && !c.is_archived;
  const canDelete = allows("delete", c.status);
  const canArchive = c.is_archived || allows("archive", c.status);
  const r = c.recurring;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{c.campaign_name}</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <StatusBadge status={c.status} /> {CHANNEL_LABEL[c.channel_type]} · by {c.author}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <ApproveButton campaign={c} viewer={viewer} mutation={approve} />
          <SendNowButton campaign={c} viewer={viewer} mutation={send} />
          <div className="space-y-1">
            {canEdit ? (
              <ButtonLink variant="secondary" href={`/campaigns/${key}/edit`}>
                Edit
              </ButtonLink>
            ) : (
              <Button variant="secondary" disabled>
                Edit
              </Button>
            )}
            {!canEdit && (
              <p className="text-xs text-slate-500">
                {c.is_archived ? "Not while it is archived." : `Not while it is ${c.status}.`}
              </p>
            )}
          </div>
          <ButtonLink variant="secondary" href={`/campaigns/${key}/report`}>
            Delivery report
          </ButtonLink>
          <div className="space-y-1">
            <Button variant="danger" onClick={() => setDeleting(true)} disabled={!canDelete || remove.isPending}>
              Delete
            </Button>
            {!canDelete && (
              <p className="max-w-44 text-xs text-slate-500">
                Not while it is {c.status}
                {c.status === "Sent" ? ": archive it (its report stays)." : "."}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <Button
              variant="secondary"
              onClick={() => archive.mutate({ id: key, archived: !c.is_archived })}
              disabled={!canArchive || archive.isPending}
            >
              {c.is_archived ? "Unarchive" : "Archive"}
            </Button>
            {!canArchive && <p className="max-w-44 text-xs text-slate-500">Not while it is {c.status}.</p>}
          </div>
        </div>
      </div>
      <ActionResult mutation={approve} />
      {send.data && (c.status === "Sent" || c.status === "Not sent") ? (
        // The answer to "send now" said it would be prepared and sent; once it has, say what happened.
        <Alert tone={c.status === "Sent" ? "info" : "error"} data-testid="action-result">
          {c.status === "Sent"
            ? "The send has finished: the delivery report shows what reached whom."
            : "The send ended Not sent: each group below says why."}
        </Alert>
      ) : (
        <ActionResult mutation={send} />
      )}
      {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      {archive.error && <Alert tone="error">{errorMessage(archive.error)}</Alert>}
      {c.is_archived && (
        <Alert tone="info">
          Archived on {formatDateTime(c.date_archived)}: left out of the campaign list, its report and frequency-cap
          history kept.
        </Alert>
      )}
      {(c.status === "Preparing" || c.status === "Sending") && (
        <Alert tone="info">
          {c.status === "Preparing"
            ? "Its audience is being prepared (consent, frequency cap, the split between the groups)."
            : "Its messages are going out."}{" "}
          This page follows its progress.
        </Alert>
      )}

      <Card>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label="Audience">
            {customersText(c.audience_size)}
            <div className="text-xs break-all text-slate-500">
              {c.audiences_type === "GENERIC" ? "Segments" : "Audiences"}: {c.audiences.join(", ")}
            </div>
          </Detail>
          <Detail label="Recurrence">
            {r.is_recurring ? `${r.recurring_frequency} until ${formatDateTime(r.recurring_until)}` : "Once"}
          </Detail>
          <Detail label="Sender">{c.sender || "The channel's default"}</Detail>
          <Detail label="Modified">{formatDateTime(c.date_modified)}</Detail>
        </dl>
      </Card>

      <Card className="space-y-2" aria-labelledby="approvals-title">
        <CardTitle id="approvals-title">Approvals</CardTitle>
        <AudienceWarnings campaign={c} />
        <p className="text-sm text-slate-700" data-testid="approvals-summary">
          {c.approvals_left === 0
            ? `Approved (${c.required_approvals} of ${c.required_approvals} approvals).`
            : `${c.approvals_left} of ${c.required_approvals} approvals left.`}
        </p>
        {c.approved_by.length > 0 ? (
          <ul className="list-inside list-disc text-sm text-slate-700" data-testid="approved-by">
            {c.approved_by.map((a) => (
              <li key={a.user_email}>
                {a.user_email} on {formatDateTime(a.date_approved)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No approval yet.</p>
        )}
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        {c.campaign_details.map((g, i) => (
          <Card key={g.campaign_id} className="space-y-3" data-testid={`group-card-${groupLetter(i)}`}>
            <div className="flex items-baseline justify-between gap-2">
              <CardTitle>
                Group {groupLetter(i)} · {g.abc_audience_percent}%
              </CardTitle>
              <span className="text-xs text-slate-500">{g.sending_status}</span>
            </div>
            <p className="font-mono text-xs break-all text-slate-500">{g.campaign_id}</p>
            <p className="text-sm text-slate-600">
              {formatDateTime(g.start_time)} → {formatDateTime(g.end_time)}
            </p>
            <MessagePreview channel={c.channel_type} group={g} />
            {g.utm.length > 0 && <p className="text-xs text-slate-500">UTM: {g.utm.join(", ")}</p>}
            {g.fail_reason && <Alert tone="error">{g.fail_reason}</Alert>}
          </Card>
        ))}
      </div>

      <ConfirmDialog
        open={deleting}
        title={`Delete “${c.campaign_name}”?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(key, {
            onSuccess: () => router.push("/campaigns"),
            onSettled: () => setDeleting(false),
          })
        }
      >
        <p>Its groups, approvals and schedule are removed. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
