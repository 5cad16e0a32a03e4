"use client";
/**
 * The campaigns waiting for the signed-in user's approval: Not approved, not yet approved by them,
 * and not written by them (the server's is_edited_by_user: its creator, its editors and whoever
 * edited its audience or template since). Approving sends the version shown (If-Match). A draft,
 * uncalculated or empty audience is said on the card (the campaign's warnings).
 */
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Input } from "../ui/input";
import { AudienceWarnings } from "./audience-warnings";
import { ApproveButton, type Viewer } from "./campaign-actions";
import {
  CHANNEL_LABEL,
  campaignHref,
  campaignKey,
  campaignStart,
  customersText,
  groupLetter,
  useCampaignList,
} from "./campaign-api";
import { MessagePreview } from "./message-preview";

export function ApprovalQueue({ viewer }: { viewer: Viewer }) {
  const [search, setSearch] = useState("");
  const list = useCampaignList({ status: "Not approved", search, limit: 100 });
  const waiting = (list.data?.campaigns ?? []).filter((c) => !c.is_approved_by_user && !c.is_edited_by_user);

  return (
    <div className="space-y-4">
      <Input
        aria-label="Search campaigns waiting"
        placeholder="Search by name, author or campaign id"
        className="sm:w-80"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.error && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {list.isPending && <p className="text-sm text-slate-500">Loading the campaigns waiting for approval…</p>}
      {list.data && waiting.length === 0 && (
        <Card>
          <p className="text-sm text-slate-600">
            {search.trim() ? "No campaign waiting for you matches the search." : "Nothing waits for your approval."}
          </p>
        </Card>
      )}
      {list.data && list.data.count > list.data.campaigns.length && (
        <p className="text-xs text-slate-500">
          The {list.data.campaigns.length} most recently changed of {list.data.count} Not approved campaigns are shown:
          search to find others.
        </p>
      )}
      {waiting.map((c) => (
        <Card key={campaignKey(c)} className="space-y-3" data-testid="approval-item">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-base font-semibold text-slate-900">
                <Link className="text-indigo-700 hover:underline" href={campaignHref(c)}>
                  {c.campaign_name}
                </Link>
              </h2>
              <p className="text-sm text-slate-600">
                {CHANNEL_LABEL[c.channel_type]} · by {c.author} · {customersText(c.audience_size)} · starts{" "}
                {formatDateTime(campaignStart(c))} · {c.approvals_left} of {c.required_approvals} approvals left
              </p>
            </div>
            <ApproveButton campaign={c} viewer={viewer} />
          </div>
          <AudienceWarnings campaign={c} />
          <div className="grid gap-3 md:grid-cols-2">
            {c.campaign_details.map((g, i) => (
              <div key={g.campaign_id} className="rounded-md p-3 ring-1 ring-slate-200">
                <h3 className="mb-2 text-sm font-semibold text-slate-800">
                  Group {groupLetter(i)} · {g.abc_audience_percent}%
                </h3>
                <MessagePreview channel={c.channel_type} group={g} />
              </div>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}
