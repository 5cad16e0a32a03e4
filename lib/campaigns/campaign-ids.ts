/**
 * The spec's per-group campaign ids:
 *   <YYYYMMDD>_cn_<campaign name slug>_cl_<CLIENT_CODE>_ap_<abc_audience_percent>_ag_<group number>
 * The date is the creation day in TIMEZONE; groups are numbered from 1. When another campaign
 * holds one of the ids already, the slug gets a numeric suffix (_2, _3, ...) for every group.
 */
import { formatTimestamp } from "@/lib/http/timestamps";

const MAX_SLUG = 60;

/** Lowercase ASCII letters and digits, with one underscore for every run of anything else. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/_+$/, "");
  return slug || "campaign";
}

export interface IdParts {
  date: Date;
  name: string;
  clientCode: string;
  /** abc_audience_percent per group, in group order. */
  percents: number[];
  /** 1 for the first choice, 2.. for the suffixes after collisions. */
  attempt?: number;
}

export function groupCampaignId(parts: Omit<IdParts, "percents">, percent: number, groupNumber: number): string {
  const day = formatTimestamp(parts.date).slice(0, 10).replaceAll("-", "");
  const base = slugify(parts.name);
  const slug = (parts.attempt ?? 1) > 1 ? `${base}_${parts.attempt}` : base;
  return `${day}_cn_${slug}_cl_${parts.clientCode}_ap_${percent}_ag_${groupNumber}`;
}

export function campaignIds(parts: IdParts): string[] {
  return parts.percents.map((percent, i) => groupCampaignId(parts, percent, i + 1));
}
