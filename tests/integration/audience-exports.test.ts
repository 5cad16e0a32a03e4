/**
 * Exports of audiences and segments through their routes, on a 30-day slice of the Online Retail
 * data plus a few customers whose names need CSV quoting (synthetic, made here): the job's file
 * parsed back (CSV and XLSX) against the customer list route, the e-mail read back from a real
 * SMTP server started here, the signed link's refusals and its expiry after 6 minutes (the
 * service's clock moved forward), a failed export, and a run repeated or run twice at once.
 */
import { existsSync } from "node:fs";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as customersOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/customers/route";
import * as exportRoute from "@/app/api/latest/customer-studio/audiences/[audience_id]/export/route";
import * as exportsOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/exports/route";
import * as oneAudience from "@/app/api/latest/customer-studio/audiences/[audience_id]/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as download from "@/app/api/latest/customer-studio/exports/[export_id]/download/route";
import * as oneExport from "@/app/api/latest/customer-studio/exports/[export_id]/route";
import * as outbox from "@/app/api/latest/messaging/outbox/route";
import { purgeExpiredExports } from "@/lib/audiences/exports/download";
import { exportColumns } from "@/lib/audiences/exports/export-rows";
import { runExport } from "@/lib/audiences/exports/run-export";
import { shiftClockForTests } from "@/lib/clock";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { closeSmtp } from "@/lib/messaging/smtp";
import { call, tokenFor } from "./http";
import { loadRetailSlice } from "./retail-fixture";
import { type MailSink, startMailSink } from "./support/mail-sink";

const mails: ParsedMail[] = [];
let smtp: MailSink;
let marketer: string;
let advanced: string;
let superUser: string;

/** Synthetic customers (labelled so) whose fields need quoting in CSV. */
const TRICKY = [
  { customer_id: "zz-synthetic-1", first_name: 'Zoë "Zed"', last_name: "O'Brien, Jr.", city: "Line\nBreak" },
  { customer_id: "zz-synthetic-2", first_name: "Ünïcode", last_name: "Łódź;=1+1", city: "São Paulo" },
];

async function waitForMail(subject: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = mails.find((m) => subject.test(m.subject ?? ""));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail with subject ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first e-mail received after `count` had been. */
async function mailAfter(count: number): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  while (mails.length <= count) {
    if (Date.now() > deadline) throw new Error("no new e-mail");
    await new Promise((r) => setTimeout(r, 50));
  }
  return mails[count]!;
}

function linkOf(mail: ParsedMail): URL {
  const match = /(https?:\/\/\S+\/download\?\S+)/.exec(mail.text ?? "");
  if (!match) throw new Error(`no link in ${mail.text}`);
  return new URL(match[1]!);
}

async function fetchLink(link: URL, token: string) {
  const exportId = decodeURIComponent(link.pathname.split("/").at(-2)!);
  const request = new Request(`http://localhost${link.pathname}${link.search}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await download.GET(request, { params: Promise.resolve({ export_id: exportId }) });
  return { response, exportId };
}

async function requestAndRun(audienceId: string, query: Record<string, string>, token = marketer) {
  const res = await call(exportRoute.GET, { params: { audience_id: audienceId }, query, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await runExport(res.body.export.export_id);
  return res.body as { message: string; export: { export_id: string } };
}

async function allRows(audienceId: string) {
  const rows: Record<string, unknown>[] = [];
  for (;;) {
    const page = await call(customersOf.GET, {
      params: { audience_id: audienceId },
      query: { offset: rows.length, limit: 100 },
      token: marketer,
    });
    expect(page.status).toBe(200);
    rows.push(...page.body.customers);
    if (rows.length >= page.body.count || page.body.customers.length === 0) return rows;
  }
}

const asCell = (v: unknown) => (v === null || v === undefined ? "" : String(v));

describe.runIf(existsSync(onlineRetailFile()))("audience exports", () => {
  beforeAll(async () => {
    smtp = await startMailSink(mails);
    setEnv("SMTP_URL", smtp.url);
    [marketer, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
    const { lines } = await loadRetailSlice(30);
    const countries = new Map<string, string>();
    for (const l of lines) if (l.customerId) countries.set(l.customerId, l.country);
    const records = [...countries].map(([customer_id, country]) => ({ customer_id, country }));
    for (let i = 0; i < records.length; i += 5000)
      await ingestBatch({ kind: "customers", records: records.slice(i, i + 5000) });
    await ingestBatch({ kind: "customers", records: TRICKY, synthetic: true });
  });

  afterEach(() => shiftClockForTests(0));

  afterAll(async () => {
    closeSmtp();
    delete process.env.SMTP_URL;
    resetEnvCache();
    shiftClockForTests(0);
    await smtp.close();
  });

  it("exports every customer to CSV: the list route's rows, RFC 4180, sent by SMTP, downloadable by the requester", async () => {
    const answer = await requestAndRun("all_customers", { file_extension: "csv", extended: "false" });
    expect(answer.message).toContain("marketer@example.com");
    const mail = await waitForMail(/All customers.*is ready/);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("marketer@example.com");
    expect(mail.html).toContain("Download the file");

    const { response } = await fetchLink(linkOf(mail), marketer);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="All customers-.+\.csv"/);
    const text = await response.text();
    expect(text).toContain('"Zoë ""Zed"""');
    expect(text).toContain('"Line\nBreak"');
    expect(text.split("\r\n")[0]).toBe(exportColumns(false).join(","));
    const parsed: string[][] = parse(text);
    const want = await allRows("all_customers");
    expect(want.length).toBeGreaterThan(1000); // more than one batch of the job
    expect(parsed.slice(1)).toEqual(want.map((row) => exportColumns(false).map((c) => asCell(row[c]))));

    const exported = await call(oneExport.GET, { params: { export_id: answer.export.export_id }, token: marketer });
    expect(exported.body).toMatchObject({ status: "done", rows_total: want.length, rows_done: want.length });
    expect(exported.body.file_bytes).toBe(Buffer.byteLength(text));
    const sent = await call(outbox.GET, { query: { channel: "email" }, token: superUser });
    expect(sent.body.messages[0]).toMatchObject({ provider: "smtp", recipient: "marketer@example.com" });
  });

  it("exports an audience to XLSX, extended with every customer field and the products' names and prices", async () => {
    const created = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token: marketer,
      body: {
        audience_name: "France",
        status: "created",
        is_dynamic: false,
        recommendations_export: {
          export_type: "recommender",
          recommendations_type: "default",
          number_of_recommendations: 4,
        },
        filters: [
          {
            filter_group: "demographics",
            filter_group_order: 0,
            next_group_connector: "AND",
            values: [
              {
                filter_name: "country",
                filter_entity: "customer",
                filter_type: "IN",
                filter_order: 0,
                filter_values: ["France"],
              },
            ],
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.audience_id;
    await requestAndRun(id, { file_extension: "xlsx", extended: "true" });
    const { response } = await fetchLink(linkOf(await waitForMail(/"France" is ready/)), marketer);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(exportColumns(true));
    const want = await allRows(id);
    expect(want.length).toBe(created.body.audience_size);
    expect(sheet.rowCount).toBe(want.length + 1);
    const prisma = await db();
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (name: string) => first[header.indexOf(name)];
    expect(cell("customer_id")).toBe(want[0]!.customer_id);
    expect(cell("country")).toBe("France");
    const item = await prisma.item.findUniqueOrThrow({ where: { item_id: String(want[0]!.product_1) } });
    expect(cell("product_1_name")).toBe(item.item_name);
    expect(cell("product_1_price")).toBe(item.product_price);
    expect(cell("product_5")).toBeUndefined(); // number_of_recommendations 4: null beyond
  });

  it("refuses the link to another user, a changed signature, and after 6 minutes answers 410 and deletes the file", async () => {
    const count = mails.length;
    const answer = await requestAndRun("all_customers", { file_extension: "csv", extended: "true" });
    const mail = await mailAfter(count);
    const link = linkOf(mail);
    expect((await fetchLink(link, advanced)).response.status).toBe(403);
    const forged = new URL(link);
    forged.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 3_600_000));
    expect((await fetchLink(forged, marketer)).response.status).toBe(403);
    expect((await fetchLink(link, superUser)).response.status).toBe(200);

    shiftClockForTests(5 * 60_000);
    expect((await fetchLink(link, marketer)).response.status).toBe(200);
    shiftClockForTests(60_000 + 1000);
    const late = await fetchLink(link, marketer);
    expect(late.response.status).toBe(410);
    expect((await late.response.json()).code).toBe("link_expired");
    shiftClockForTests(0);
    const prisma = await db();
    expect(await prisma.audienceExportChunk.count({ where: { export_id: answer.export.export_id } })).toBe(0);
    expect(
      (await call(oneExport.GET, { params: { export_id: answer.export.export_id }, token: marketer })).body.status,
    ).toBe("expired");
  });

  it("the purge deletes expired files without anyone asking", async () => {
    const answer = await requestAndRun("all_customers", { file_extension: "csv", extended: "false" });
    const prisma = await db();
    expect(await prisma.audienceExportChunk.count({ where: { export_id: answer.export.export_id } })).toBeGreaterThan(
      0,
    );
    expect(await purgeExpiredExports(new Date(Date.now() + 5 * 60_000))).toBe(0);
    expect(await purgeExpiredExports(new Date(Date.now() + 7 * 60_000))).toBeGreaterThan(0);
    expect(await prisma.audienceExportChunk.count({ where: { export_id: answer.export.export_id } })).toBe(0);
  });

  it("refuses a bad extension, an unknown audience, and writes nothing then", async () => {
    const prisma = await db();
    const before = await prisma.audienceExport.count();
    const bad = await call(exportRoute.GET, {
      params: { audience_id: "all_customers" },
      query: { file_extension: "pdf" },
      token: marketer,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].loc).toEqual(["query", "file_extension"]);
    const unknown = await call(exportRoute.GET, {
      params: { audience_id: "audience-id-00000000000000000000000000000000" },
      query: { file_extension: "csv" },
      token: marketer,
    });
    expect(unknown.status).toBe(404);
    expect(await prisma.audienceExport.count()).toBe(before);
  });

  it("a failed export says why on the export and in an e-mail", async () => {
    const created = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token: marketer,
      body: { audience_name: "Soon gone", status: "draft", is_dynamic: true, filters: [] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.audience_id;
    const res = await call(exportRoute.GET, {
      params: { audience_id: id },
      query: { file_extension: "csv" },
      token: marketer,
    });
    expect(res.status).toBe(200);
    await call(oneAudience.DELETE, { method: "DELETE", params: { audience_id: id }, token: marketer });
    await runExport(res.body.export.export_id);
    const failed = await call(exportsOf.GET, { params: { audience_id: id }, token: marketer });
    expect(failed.body.exports[0]).toMatchObject({ status: "failed" });
    expect(failed.body.exports[0].error).toContain(id);
    const mail = await waitForMail(/"Soon gone" failed/);
    expect(mail.text).toContain(id);
  });

  it("a run after a crash, or two runs at once, leave one file with every row once and send one e-mail", async () => {
    const res = await call(exportRoute.GET, {
      params: { audience_id: "all_customers" },
      query: { file_extension: "csv" },
      token: marketer,
    });
    const exportId = res.body.export.export_id;
    const prisma = await db();
    // A run that died half-way: running, with a chunk of its attempt left behind.
    await prisma.audienceExport.update({ where: { export_id: exportId }, data: { status: "running", attempt: 1 } });
    await prisma.audienceExportChunk.create({
      data: { export_id: exportId, attempt: 1, seq: 0, data: new Uint8Array(Buffer.from("half a file")) },
    });
    const mailsBefore = mails.length;
    await Promise.all([runExport(exportId), runExport(exportId)]);
    await runExport(exportId); // the job delivered once more: nothing happens
    const row = await prisma.audienceExport.findUniqueOrThrow({ where: { export_id: exportId } });
    expect(row.status).toBe("done");
    const chunks = await prisma.audienceExportChunk.findMany({ where: { export_id: exportId } });
    expect(new Set(chunks.map((c) => c.attempt))).toEqual(new Set([row.attempt]));
    const { response } = await fetchLink(linkOf(await mailAfter(mailsBefore)), marketer);
    const parsed: string[][] = parse(await response.text());
    const ids = parsed.slice(1).map((r) => r[0]);
    expect(ids.length).toBe(row.rows_total);
    expect(new Set(ids).size).toBe(ids.length);
    await new Promise((r) => setTimeout(r, 300));
    expect(mails.length - mailsBefore).toBe(1);
  });
});
