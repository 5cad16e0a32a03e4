/**
 * The audit log: approvals, deletions, sign-in failures and export downloads each leave an entry
 * with who, the role, the object and the request id; the filters work (a campaign is found by any
 * of its groups' ids, also after deletion); only super users may read it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as token from "@/app/api/latest/auth/token/route";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as exportRoute from "@/app/api/latest/customer-studio/audiences/[audience_id]/export/route";
import * as download from "@/app/api/latest/customer-studio/exports/[export_id]/download/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as auditLog from "@/app/api/latest/settings/audit-log/route";
import * as oneUser from "@/app/api/latest/settings/users/[user_id]/route";
import * as users from "@/app/api/latest/settings/users/route";
import { signedLink } from "@/lib/audiences/exports/link";
import { runExport } from "@/lib/audiences/exports/run-export";
import { db } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-address";
import { allOperations } from "@/lib/openapi/registry";
import { call, tokenFor } from "./http";

let marketer: string;
let advanced: string;
let superUser: string;

const group = (percent: number) => ({
  channel_message_text: "Hi {ph_customer.first_name}",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: percent,
});

const campaign = (name: string) => ({
  campaign_name: name,
  audiences: ["al-seg"],
  audiences_type: "GENERIC",
  channel_type: "sms",
  is_abc: true,
  sender: "Shop",
  is_draft: false,
  is_approved: false,
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [group(50), group(50)],
});

const PATH = "/campaigning-studio/campaignings";

async function createCampaign(name: string): Promise<string[]> {
  const res = await call(campaignings.POST, { path: `${PATH}/`, token: marketer, body: campaign(name) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.campaign_details as { campaign_id: string }[]).map((g) => g.campaign_id);
}

const readLog = (query: Record<string, string | number> = {}, bearer = superUser) =>
  call(auditLog.GET, { path: "/settings/audit-log", query, token: bearer });

beforeAll(async () => {
  [marketer, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
  const res = await call(customers.POST, {
    path: "/data/customers",
    token: superUser,
    body: {
      customers: [
        { customer_id: "al-1", first_name: "Ana", segment_id: "al-seg", sms_consent: true },
        { customer_id: "al-2", first_name: "Bo", segment_id: "al-seg", sms_consent: true },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

describe("audit entries", () => {
  it("an approval: who, role, action, object, request id and the state before -> after", async () => {
    const [first, second] = await createCampaign("Audit approve");
    const approved = await call(approve.PUT, {
      method: "PUT",
      path: `${PATH}/${second}/approve`,
      params: { campaign_id: second! },
      token: advanced,
      headers: { "X-Request-Id": "audit-approve-1" },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const log = await readLog({ action: "campaign.approve", object_id: first! });
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ offset: 0, limit: 10, count: 1 });
    const [entry] = log.body.entries;
    expect(entry).toMatchObject({
      actor: "advanced@example.com",
      actor_role: "advanced",
      action: "campaign.approve",
      object_type: "campaign",
      object_id: second,
      request_id: "audit-approve-1",
    });
    expect(entry.summary).toContain("Not approved, 0/1 approvals -> Approved, 1/1 approvals");
    expect(entry.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(entry.audit_id).toMatch(/^audit-id-[0-9a-f]{32}$/);
    // The creation was recorded too, by the marketer, and found by the other group's id.
    const created = await readLog({ action: "campaign.create", object_id: second! });
    expect(created.body.entries).toHaveLength(1);
    expect(created.body.entries[0]).toMatchObject({ actor: "marketer@example.com", actor_role: "user" });
    // A refused change leaves nothing.
    const again = await call(approve.PUT, {
      method: "PUT",
      path: `${PATH}/${first}/approve`,
      params: { campaign_id: first! },
      token: advanced,
    });
    expect(again.status).toBe(409);
    expect((await readLog({ action: "campaign.approve", object_id: first! })).body.count).toBe(1);
  });

  it("a deletion, found afterwards by any group's campaign_id", async () => {
    const [first, second] = await createCampaign("Audit delete");
    const deleted = await call(oneCampaign.DELETE, {
      method: "DELETE",
      path: `${PATH}/${first}`,
      params: { campaign_id: first! },
      token: marketer,
      headers: { "X-Request-Id": "audit-delete-1" },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const log = await readLog({ object_id: second! });
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(["campaign.delete", "campaign.create"]);
    expect(log.body.entries[0]).toMatchObject({
      actor: "marketer@example.com",
      object_id: first,
      request_id: "audit-delete-1",
    });
    expect(log.body.entries[0].summary).toContain("-> gone");
  });

  it("a failed sign-in, with the e-mail given and no role; a sign-in", async () => {
    const grant = (password: string, requestId: string) =>
      call(token.POST, {
        path: "/auth/token",
        body: { grant_type: "password", username: "Advanced@Example.com", password },
        headers: { [PEER_HEADER]: "192.0.2.77", "X-Request-Id": requestId },
      });
    expect((await grant("not the password", "audit-fail-1")).status).toBe(401);
    expect((await grant("demo-password", "audit-ok-1")).status).toBe(200);
    const failed = await readLog({ action: "auth.sign_in_failed", actor: "advanced@example.com" });
    expect(failed.body.entries[0]).toMatchObject({
      actor: "advanced@example.com",
      actor_role: "",
      request_id: "audit-fail-1",
      summary: "via token grant",
    });
    const ok = await readLog({ action: "auth.sign_in", actor: "ADVANCED@example.com" });
    expect(ok.body.entries[0]).toMatchObject({ actor_role: "advanced", object_type: "user", request_id: "audit-ok-1" });
    // The password tried appears nowhere.
    const all = await readLog({ limit: 100 });
    expect(JSON.stringify(all.body)).not.toContain("not the password");
  });

  it("an export's download (a GET)", async () => {
    const res = await call(exportRoute.GET, {
      params: { audience_id: "al-seg" },
      query: { file_extension: "csv", extended: "false" },
      token: marketer,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const exportId = res.body.export.export_id as string;
    await runExport(exportId);
    const row = await (await db()).audienceExport.findUniqueOrThrow({ where: { export_id: exportId } });
    const link = new URL(signedLink(exportId, row.link_expires_at!));
    const response = await download.GET(
      new Request(`http://localhost${link.pathname}${link.search}`, {
        headers: { authorization: `Bearer ${marketer}`, "x-request-id": "audit-download-1" },
      }),
      { params: Promise.resolve({ export_id: exportId }) },
    );
    expect(response.status).toBe(200);
    await response.text();
    const log = await readLog({ object_id: exportId });
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(["export.download", "export.create"]);
    expect(log.body.entries[0]).toMatchObject({ actor: "marketer@example.com", request_id: "audit-download-1" });
  });

  it("role changes record the role before and after", async () => {
    const created = await call(users.POST, {
      path: "/settings/users",
      token: superUser,
      body: { email: `audit-role-${Date.now()}@example.com`, password: "a long password 1", role: "user" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const changed = await call(oneUser.PUT, {
      method: "PUT",
      path: `/settings/users/${id}`,
      params: { user_id: id },
      token: superUser,
      body: { role: "advanced" },
    });
    expect(changed.status).toBe(200);
    const log = await readLog({ object_id: id });
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(["user.update", "user.create"]);
    expect(log.body.entries[0].summary).toBe("fields: role; state: role user, active -> role advanced, active");
    // No personal data of the object: the new user's e-mail is not in the summaries.
    expect(JSON.stringify(log.body.entries.map((e: { summary: string }) => e.summary))).not.toContain("audit-role");
  });
});

describe("GET /settings/audit-log", () => {
  it("filters by actor, action (exact or object.*) and pages with the list shape", async () => {
    const byActor = await readLog({ actor: "marketer@example.com", limit: 100 });
    expect(byActor.body.count).toBeGreaterThan(0);
    expect(byActor.body.entries.every((e: { actor: string }) => e.actor === "marketer@example.com")).toBe(true);
    const campaignsOnly = await readLog({ action: "campaign.*", limit: 100 });
    const actions = new Set(campaignsOnly.body.entries.map((e: { action: string }) => e.action));
    expect([...actions].sort()).toEqual(["campaign.approve", "campaign.create", "campaign.delete"]);
    const page = await readLog({ action: "campaign.*", limit: 2, offset: 1 });
    expect(page.body).toMatchObject({ offset: 1, limit: 2, count: campaignsOnly.body.count });
    expect(page.body.entries).toEqual(campaignsOnly.body.entries.slice(1, 3));
    expect((await readLog({ object_id: "no-such-object" })).body).toMatchObject({ entries: [], count: 0 });
  });

  it("is for super users only: 403 for advanced and user, 401 without credentials", async () => {
    expect((await readLog({}, advanced)).status).toBe(403);
    expect((await readLog({}, marketer)).status).toBe(403);
    expect((await call(auditLog.GET, { path: "/settings/audit-log" })).status).toBe(401);
  });

  it("has no route that changes or deletes entries", () => {
    const writes = allOperations().filter((op) => op.path.startsWith("/settings/audit-log") && op.method !== "GET");
    expect(writes).toEqual([]);
  });
});

describe("declarations", () => {
  it("every operation that can change state declares its audit entry (or false, saying why)", () => {
    const missing = allOperations()
      .filter((op) => op.method !== "GET" && op.audit === undefined)
      .map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });
});
