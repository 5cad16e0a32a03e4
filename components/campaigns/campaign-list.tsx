"use client";
/** The campaigns, newest first as the API lists them, filtered by status, channel and a text search. */
import Link from "next/link";
import { useState } from "react";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "@/lib/campaigns/status";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button, ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { formatCount, formatDateTime } from "../ui/format";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Table, TBody, Td, Th } from "../ui/table";
import {
  CHANNEL_LABEL,
  type ChannelType,
  campaignHref,
  campaignKey,
  campaignStart,
  customersText,
  groupLetter,
  useCampaignList,
} from "./campaign-api";
import { CHANNEL_TYPES } from "./campaign-form";

/** Statuses with something sent to report on (a recurring campaign between sends is Approved: its page links it). */
const REPORTED: readonly string[] = ["Sending", "Sent", "Not sent"];

import { StatusBadge } from "./status-badge";

const PAGE = 25;

export function CampaignList() {
  const [status, setStatus] = useState<CampaignStatus | "">("");
  const [channel, setChannel] = useState<ChannelType | "">("");
  const [search, setSearch] = useState("");
  const [archived, setArchived] = useState<"false" | "true" | "all">("false");
  const [offset, setOffset] = useState(0);
  const list = useCampaignList({
    status: status || undefined,
    channel_type: channel || undefined,
    search,
    archived,
    offset,
    limit: PAGE,
  });
  const campaigns = list.data?.campaigns ?? [];
  const count = list.data?.count ?? 0;
  const filtered = status !== "" || channel !== "" || search.trim() !== "" || archived !== "false";

  return (
    <Card className="space-y-3" aria-label="Campaigns">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Input
          aria-label="Search campaigns"
          placeholder="Search by name, author or campaign id"
          className="sm:w-80"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
        <Select
          aria-label="Status"
          className="sm:w-44"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CampaignStatus | "");
            setOffset(0);
          }}
        >
          <option value="">Every status</option>
          {CAMPAIGN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Channel"
          className="sm:w-48"
          value={channel}
          onChange={(e) => {
            setChannel(e.target.value as ChannelType | "");
            setOffset(0);
          }}
        >
          <option value="">Every channel</option>
          {CHANNEL_TYPES.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABEL[c]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Archived"
          className="sm:w-40"
          value={archived}
          onChange={(e) => {
            setArchived(e.target.value as "false" | "true" | "all");
            setOffset(0);
          }}
        >
          <option value="false">Not archived</option>
          <option value="true">Archived</option>
          <option value="all">With archived</option>
        </Select>
        <ButtonLink href="/campaigns/templates" variant="secondary" className="sm:ml-auto">
          E-mail templates
        </ButtonLink>
        <ButtonLink href="/campaigns/suppressions" variant="secondary">
          Suppressions
        </ButtonLink>
        <ButtonLink href="/campaigns/new">New campaign</ButtonLink>
      </div>
      {list.error && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      <Table>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Channel</Th>
            <Th>Status</Th>
            <Th>Groups</Th>
            <Th>Audience</Th>
            <Th>Start</Th>
            <Th className="text-right whitespace-normal">Approvals left</Th>
          </tr>
        </thead>
        <TBody>
          {campaigns.map((c) => (
            <tr key={campaignKey(c)} data-testid="campaign-row">
              <Td className="max-w-60 whitespace-normal break-words">
                <Link
                  className="font-medium text-indigo-700 hover:underline"
                  href={campaignHref(c)}
                  title={c.campaign_name}
                >
                  {c.campaign_name}
                </Link>
                <div className="text-xs text-slate-500">{c.author}</div>
              </Td>
              <Td className="whitespace-normal">{CHANNEL_LABEL[c.channel_type]}</Td>
              <Td>
                <StatusBadge status={c.status} />
                {REPORTED.includes(c.status) && (
                  <Link
                    className="ml-2 text-xs text-indigo-700 hover:underline"
                    href={`${campaignHref(c)}/report`}
                    aria-label={`Delivery report of ${c.campaign_name}`}
                  >
                    Report
                  </Link>
                )}
              </Td>
              <Td data-testid="campaign-groups">
                {c.campaign_details.map((g, i) => `${groupLetter(i)} ${g.abc_audience_percent}%`).join(" · ")}
              </Td>
              <Td className="max-w-40" title={c.audiences.join(", ")}>
                {customersText(c.audience_size)}
                <div className="truncate text-xs text-slate-500">
                  {c.audiences_type === "GENERIC" ? "Segments" : "Audiences"}: {c.audiences.join(", ")}
                </div>
              </Td>
              <Td>{formatDateTime(campaignStart(c)).slice(0, 16)}</Td>
              <Td className="text-right tabular-nums" data-testid="approvals-left">
                {c.approvals_left} of {c.required_approvals}
              </Td>
            </tr>
          ))}
          {list.isPending && (
            <tr>
              <Td colSpan={7} className="text-slate-500">
                Loading campaigns…
              </Td>
            </tr>
          )}
          {list.data && campaigns.length === 0 && (
            <tr>
              <Td colSpan={7} className="text-slate-500">
                {filtered ? "No campaign matches these filters." : "No campaign yet: start one with New campaign."}
              </Td>
            </tr>
          )}
        </TBody>
      </Table>
      {count > PAGE && (
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            {offset + 1}–{Math.min(offset + PAGE, count)} of {formatCount(count)}
          </span>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={offset === 0} onClick={() => setOffset(offset - PAGE)}>
              Previous
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={offset + PAGE >= count}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
