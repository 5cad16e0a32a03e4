"use client";
/** The editor filled with a stored campaign, once it is loaded. */
import { ApiClientError, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { useCampaign } from "./campaign-api";
import { CampaignEditor } from "./campaign-editor";

export function EditCampaign({ id, author }: { id: string; author: string }) {
  const query = useCampaign(id);
  if (query.isPending) return <p className="text-sm text-slate-500">Loading the campaign…</p>;
  if (query.error) {
    const missing = query.error instanceof ApiClientError && query.error.status === 404;
    return <Alert tone="error">{missing ? `No campaign has the id ${id}.` : errorMessage(query.error)}</Alert>;
  }
  // Keyed by modification time: a campaign changed elsewhere starts a fresh form.
  return <CampaignEditor key={query.data.date_modified} campaign={query.data} author={author} />;
}
