/**
 * Preparing one send (job campaigns.prepare-send): the audience is resolved now (a dynamic
 * audience's filters are compiled and its stored counts refreshed), customers without the
 * channel's consent or address (./channel-rules.ts) and those at the frequency cap are excluded
 * and counted, and the rest are split between the groups (./split.ts). Every recipient's row
 * (queued, or control for a control group) is written by one INSERT ... SELECT inside the
 * transaction that moves the send and the campaign to Sending, so no message can go out before
 * all recipients are recorded. Nothing to send (no recipients, the audience gone): Not sent with
 * the reason. Running it again does nothing once the send has left Preparing.
 *
 * Each group sends at its own time (./occurrences.ts groupSendTime: its send_promotion_time,
 * else its start_time, stepped to this occurrence in TIMEZONE): the rows of a group whose time is
 * still ahead are written with retry_at at that time, which the delivery does not claim before
 * (./deliver.ts queues its job again for then), so group B of a campaign prepared at A's 10:00
 * goes out at its own 14:00; consent and suppression are checked again when it goes. The audience
 * and the split are those of the preparation (one per occurrence, so no customer can fall in two
 * groups). An instant send (send-instant: not an occurrence of the schedule) sends every group now.
 */

import { membership } from "@/lib/audiences/audience-customers";
import { findAudience, recalculateAudience } from "@/lib/audiences/audiences";
import { now } from "@/lib/clock";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { db, getDatabase } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { SKIP_CONTENT_TAG } from "../schemas";
import { getCampaignSettings } from "../settings";
import { templatePlaceholderErrors } from "../template-placeholders";
import { channelRule, exclusionSql } from "./channel-rules";
import { closeSend } from "./finish";
import { groupSendTime, occurrenceIndex } from "./occurrences";
import { bucketSql, groupCaseSql } from "./split";

export interface PrepareCounts {
  audience: number;
  excluded_no_consent: number;
  excluded_no_address: number;
  excluded_frequency_cap: number;
  control: number;
  targeted: number;
}

export interface AudienceSql {
  where: string;
  params: unknown[];
}

/** Shifts $1..$n of a membership condition to follow `offset` earlier parameters. */
function shift(where: string, offset: number): string {
  return where.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

/**
 * The campaign's audience as one condition on customers c (throws 404 when an audience is gone).
 * recalculate false (an estimate) leaves a dynamic audience's stored counts as they are.
 */
export async function audienceSql(type: string, ids: string[], recalculate = true): Promise<AudienceSql> {
  if (type === "GENERIC") {
    if (ids.includes(ALL_CUSTOMERS)) return { where: "TRUE", params: [] };
    return { where: "c.segment_id = ANY($1::text[])", params: [ids] };
  }
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const id of ids) {
    const audience = await findAudience(id);
    // Recalculation of a dynamic audience: its stored counts follow the data it is sent to.
    if (audience.is_dynamic && recalculate) await recalculateAudience(id);
    const m = await membership(id);
    parts.push(`(${shift(m.where, params.length)})`);
    params.push(...m.params);
  }
  return { where: parts.join(" OR ") || "FALSE", params };
}

function describeNone(counts: PrepareCounts, channel: string): string {
  if (counts.audience === 0) return "no recipients: the audience has no customers";
  return `no recipients: of ${counts.audience} customers in the audience, ${counts.excluded_no_consent} have no ${channel} consent, ${counts.excluded_no_address} no address for it, ${counts.excluded_frequency_cap} reached the frequency cap${counts.control ? ` and ${counts.control} are in the control group` : ""}`;
}

export async function prepareSend(opts: { sendId: string }): Promise<{ status: string; counts?: PrepareCounts }> {
  const prisma = await db();
  const send = await prisma.campaignSend.findUnique({
    where: { send_id: opts.sendId },
    include: { campaign: { include: { groups: { orderBy: { group_number: "asc" } } } } },
  });
  if (!send) return { status: "gone" };
  if (send.status !== "Preparing") return { status: send.status };
  const campaign = send.campaign;
  const database = await getDatabase();
  // Approval refuses it; a campaign approved before that rule (or a template changed in between)
  // is not sent with customers' placeholders left empty.
  const [templateProblem] = await templatePlaceholderErrors(campaign.groups, []);
  if (templateProblem) {
    const reason = `${templateProblem.loc.join(".")} ${templateProblem.msg}`;
    await database.transaction((sql) =>
      closeSend(sql, { sendId: send.send_id, from: "Preparing", outcome: "Not sent", reason, at: now() }),
    );
    return { status: "Not sent" };
  }
  let audience: AudienceSql;
  try {
    const ids = Array.isArray(campaign.audiences) ? campaign.audiences.map(String) : [];
    audience = await audienceSql(campaign.audiences_type, ids);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const reason = `the audience could not be resolved: ${error.detail}`;
    await database.transaction((sql) =>
      closeSend(sql, { sendId: send.send_id, from: "Preparing", outcome: "Not sent", reason, at: now() }),
    );
    return { status: "Not sent" };
  }
  const settings = await getCampaignSettings();
  const rule = channelRule(campaign.channel_type);
  const groups = campaign.groups;
  const control = groups.map((g) => Array.isArray(g.tags) && g.tags.includes(SKIP_CONTENT_TAG));
  const at = now();
  // When each group goes: now, or (a scheduled occurrence) at its own time when that is later.
  const k = occurrenceIndex(campaign, send.occurrence_at);
  const releaseAt = groups.map((g) => {
    if (k === undefined) return null;
    const time = groupSendTime(campaign, g, k);
    return time.getTime() > at.getTime() ? time : null;
  });
  const since = new Date(at.getTime() - settings.frequency_cap_days * 24 * 60 * 60 * 1000);
  const p = audience.params.length;
  // $p+1 send, $p+2 key, $p+3 channel, $p+4 cap, $p+5 since, $p+6.. the groups (with their release time).
  const exclusion = exclusionSql({ channel: `$${p + 3}`, cap: `$${p + 4}`, since: `$${p + 5}` });
  const statement = `
    WITH a AS (
      SELECT c.customer_id, ${rule.consent} AS consent, ${rule.address} AS address
      FROM customers c WHERE ${audience.where}
    ),
    k AS (
      SELECT a.customer_id, a.address, ${exclusion.excluded} AS excluded
      FROM ${exclusion.from}
    ),
    b AS (
      SELECT k.customer_id, k.address, ${bucketSql(p + 2, "k.customer_id")} AS bucket
      FROM k WHERE k.excluded IS NULL
    ),
    g AS (
      SELECT unnest($${p + 6}::int[]) AS group_number, unnest($${p + 7}::text[]) AS campaign_id,
             unnest($${p + 8}::boolean[]) AS control, unnest($${p + 9}::timestamptz[]) AS release_at
    ),
    ins AS (
      INSERT INTO campaign_messages (send_id, customer_id, group_number, campaign_id, channel, address, status, retry_at)
      SELECT $${p + 1}::text, b.customer_id, g.group_number, g.campaign_id, $${p + 3}::text, b.address,
             CASE WHEN g.control THEN 'control' ELSE 'queued' END,
             CASE WHEN g.control THEN NULL ELSE g.release_at END
      FROM b JOIN g ON g.group_number = ${groupCaseSql(groups, "b.bucket")}
      RETURNING status
    )
    SELECT (SELECT COUNT(*)::int FROM k) AS audience,
           (SELECT COUNT(*)::int FROM k WHERE excluded = 'no_consent') AS excluded_no_consent,
           (SELECT COUNT(*)::int FROM k WHERE excluded = 'no_address') AS excluded_no_address,
           (SELECT COUNT(*)::int FROM k WHERE excluded = 'capped') AS excluded_frequency_cap,
           (SELECT COUNT(*)::int FROM ins WHERE status = 'control') AS control,
           (SELECT COUNT(*)::int FROM ins WHERE status = 'queued') AS targeted`;
  const params = [
    ...audience.params,
    send.send_id,
    campaign.campaign_key,
    campaign.channel_type,
    settings.frequency_cap_messages,
    since,
    groups.map((g) => g.group_number),
    groups.map((g) => g.campaign_id),
    control,
    releaseAt.map((r) => r?.toISOString() ?? null),
  ];
  return database.transaction(async (sql) => {
    // Takes the send: a second preparation of the same send waits here, then finds it taken.
    const taken = await sql.query(
      "UPDATE campaign_sends SET date_modified = $2 WHERE send_id = $1 AND status = 'Preparing' RETURNING send_id",
      [send.send_id, at],
    );
    if (taken.length === 0) return { status: "taken" };
    // The frequency cap counts messages prepared and not yet sent: two preparations on a channel
    // take turns (until commit), so the second counts the first's rows and both cannot pass it.
    if (settings.frequency_cap_messages > 0) {
      await sql.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`lumen:frequency-cap:${campaign.channel_type}`]);
    }
    const [counts] = await sql.query<PrepareCounts>(statement, params);
    if (!counts) throw new Error("preparation counted nothing");
    await sql.query(
      `UPDATE campaign_sends SET audience = $2, excluded_no_consent = $3, excluded_no_address = $4,
         excluded_frequency_cap = $5, control = $6, targeted = $7, date_modified = $8
       WHERE send_id = $1`,
      [
        send.send_id,
        counts.audience,
        counts.excluded_no_consent,
        counts.excluded_no_address,
        counts.excluded_frequency_cap,
        counts.control,
        counts.targeted,
        at,
      ],
    );
    if (counts.targeted === 0) {
      const reason = describeNone(counts, campaign.channel_type);
      await closeSend(sql, { sendId: send.send_id, from: "Preparing", outcome: "Not sent", reason, at });
      return { status: "Not sent", counts };
    }
    await sql.query("UPDATE campaign_sends SET status = 'Sending', date_started = $2 WHERE send_id = $1", [
      send.send_id,
      at,
    ]);
    await sql.query(
      "UPDATE campaigns SET status = 'Sending', date_modified = $2 WHERE campaign_key = $1 AND status = 'Preparing'",
      [campaign.campaign_key, at],
    );
    // The groups going now show Sending; a later group keeps its status until its time.
    await sql.query(
      `UPDATE campaign_groups SET sending_status = 'Sending', fail_reason = NULL
       WHERE campaign_key = $1 AND group_number = ANY($2::int[])`,
      [campaign.campaign_key, groups.filter((_, i) => releaseAt[i] === null).map((g) => g.group_number)],
    );
    return { status: "Sending", counts };
  });
}
