/**
 * A campaign's version, answered as the ETag of GET .../campaignings/<campaign_id> and checked by
 * PUT .../approve's If-Match: a hash of everything stored about the campaign (its row, its groups,
 * its approvals), so every change of any of them (an edit, an approval, a status set by sending,
 * a template or audience edit sending it back, archiving) gives a new version without each writer
 * having to remember to count one. The caller-specific parts of the answer (is_approved_by_user)
 * are not part of it: two approvers looking at the same campaign see the same version.
 */
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/http/errors";
import type { StoredCampaign } from "./campaign-view";

const stable = (value: unknown): string => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v));

export function campaignVersion(c: StoredCampaign): string {
  const { groups, approvals, editors, ...row } = c;
  const hash = createHash("sha256");
  hash.update(stable(row));
  for (const g of [...groups].sort((a, b) => a.group_number - b.group_number)) hash.update(stable(g));
  for (const a of [...approvals].sort((x, y) => x.approver_id.localeCompare(y.approver_id))) {
    hash.update(stable({ id: a.approver_id, at: a.date_approved }));
  }
  for (const e of [...editors].sort((x, y) => x.editor_id.localeCompare(y.editor_id))) hash.update(e.editor_id);
  return hash.digest("base64url").slice(0, 27);
}

/** The ETag header's value of a version (a strong validator). */
export const etagOf = (version: string) => `"${version}"`;

/**
 * The versions an If-Match header names: "*" matches any, otherwise a list of quoted (possibly W/)
 * tags. Undefined without the header.
 */
export function parseIfMatch(header: string | null | undefined): string[] | "*" | undefined {
  if (header === null || header === undefined || header.trim() === "") return undefined;
  if (header.trim() === "*") return "*";
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, "").replace(/^"|"$/g, ""))
    .filter(Boolean);
}

/** 412 precondition_failed when the campaign is no longer the version the caller saw. */
export function assertVersion(c: StoredCampaign, ifMatch: string[] | "*" | undefined, campaignId: string): void {
  if (ifMatch === undefined || ifMatch === "*") return;
  const version = campaignVersion(c);
  if (!ifMatch.includes(version)) {
    throw new ApiError(
      412,
      "precondition_failed",
      `Campaign ${campaignId} changed since it was read (If-Match ${ifMatch.map(etagOf).join(", ")}, now ${etagOf(version)}): read it again and approve what it is now.`,
      undefined,
      { ETag: etagOf(version) },
    );
  }
}
