/**
 * A campaign's whole life through the studio's UI, as a shop runs it: the marketer writes a
 * two-group (A/B) SMS campaign in the editor; an advanced user approves it from the approval
 * queue (the UI sends If-Match with the version shown) and sends it now; the messages are read
 * in the Outbox (the e2e server has no SMS gateway, so the outbox provider takes them) and the
 * campaign's delivery report counts them per group.
 */
import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("user") });

test("a two-group campaign written by the marketer, approved and sent by another user, read in the Outbox and the report", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const p = unique("flow");
  const name = `Weekend offer ${p}`;
  const segment = `Flow ${p}`;
  // Czech mobile numbers (+420 7xx xxx xxx), new on every run.
  const base = 770_000_000 + randomInt(0, 999_999) * 10;
  const customers = Array.from({ length: 6 }, (_, i) => ({
    customer_id: `${p}-${i + 1}`,
    first_name: `Mira${i + 1}`,
    last_name: "Synthetic",
    segment_id: `${p}-seg`,
    segment_name: segment,
    phone_number: `+420${base + i}`,
    sms_consent: true,
  }));
  const phones = new Set(customers.map((c) => c.phone_number));
  const advancedToken = await passwordToken(request, "advanced@example.com");
  const seeded = await request.post("/api/latest/data/customers", {
    headers: bearer(advancedToken),
    data: { customers },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);

  // The marketer writes it in the editor: SMS, the segment, groups A and B (50/50).
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Channel", { exact: true }).selectOption({ label: "SMS" });
  await page.getByRole("combobox", { name: "Segments" }).fill(p);
  await page.getByRole("option", { name: new RegExp(`${segment}.*6 customers`) }).click();
  await expect(page.getByTestId("audience-reach")).toHaveText("6 customers before consent and frequency cap.");
  await page.getByLabel("SMS text (group A)").fill("Hi {ph_customer.first_name}, 10% off this weekend (A).");
  await page.getByRole("button", { name: "+ Add group" }).click();
  await expect(page.getByRole("tab", { name: /Group B · 50%/ })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("SMS text (group B)").fill("{ph_customer.first_name}, free delivery this weekend (B).");
  await expect(page.getByTestId("percent-total")).toHaveText("Total: 100%");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d{8}_cn_weekend_offer_flow_.+_ap_50_ag_1$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  await expect(page.getByTestId("campaign-status")).toHaveText("Not approved");
  await expect(page.getByTestId("group-card-A")).toContainText("(A).");
  await expect(page.getByTestId("group-card-B")).toContainText("(B).");
  await expect(page.getByRole("button", { name: "Send now" })).toBeDisabled();

  // Another user, advanced, approves it from the queue: the version shown goes as If-Match.
  const context = await browser.newContext({ storageState: storageStatePath("advanced") });
  const advanced = await context.newPage();
  await advanced.goto("/approvals");
  await advanced.getByLabel("Search campaigns waiting").fill(p);
  const item = advanced.getByTestId("approval-item").filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("message-preview")).toHaveCount(2);
  // A segment with customers: nothing to warn about.
  await expect(item.getByTestId("audience-warnings")).toHaveCount(0);
  const shown = await request.get(`/api/latest/campaigning-studio/campaignings/${encodeURIComponent(id)}`, {
    headers: bearer(advancedToken),
  });
  const etag = shown.headers().etag;
  expect(etag).toMatch(/^"[^"]+"$/);
  await item.getByRole("button", { name: "Approve" }).click();
  const approveDialog = advanced.getByRole("dialog", { name: `Approve “${name}”?` });
  const approval = advanced.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith("/approve"));
  await approveDialog.getByRole("button", { name: "Approve" }).click();
  expect((await approval).headers()["if-match"]).toBe(etag);
  await expect(item).toHaveCount(0);

  // ... and sends it now.
  await advanced.goto(`/campaigns/${encodeURIComponent(id)}`);
  await expect(advanced.getByTestId("campaign-status")).toHaveText("Approved");
  await expect(advanced.getByTestId("approved-by")).toContainText("advanced@example.com");
  await advanced.getByRole("button", { name: "Send now" }).click();
  const sendDialog = advanced.getByRole("dialog", { name: `Send “${name}” now?` });
  await sendDialog.getByRole("button", { name: "Send now" }).click();
  await expect(sendDialog).toBeHidden();
  // The page follows the send (Preparing, Sending) until it is Sent.
  await expect(advanced.getByTestId("campaign-status")).toHaveText("Sent", { timeout: 90_000 });
  await expect(advanced.getByTestId("group-card-A")).toContainText("Sent");
  await expect(advanced.getByTestId("group-card-B")).toContainText("Sent");
  await expect(advanced.getByTestId("action-result")).toHaveText(
    "The send has finished: the delivery report shows what reached whom.",
  );
  await advanced.screenshot({ path: testInfo.outputPath("campaign-flow-sent.png"), fullPage: true });
  await context.close();

  // The Outbox has one SMS per customer, personalised, each from group A or B.
  await page.goto("/outbox?channel=sms");
  const ours = page.getByTestId("outbox-message").filter({ hasText: `+420${String(base).slice(0, 6)}` });
  await expect(ours).toHaveCount(6);
  const recipients = await ours.getByTestId("outbox-recipient").allTextContents();
  expect(new Set(recipients.map((r) => r.trim()))).toEqual(phones);
  const bodies = await ours.getByTestId("outbox-body").allTextContents();
  for (const body of bodies) {
    expect(body).toMatch(/^(Hi Mira\d, 10% off this weekend \(A\)\.|Mira\d, free delivery this weekend \(B\)\.)/);
  }
  await page.screenshot({ path: testInfo.outputPath("campaign-flow-outbox.png"), fullPage: true });

  // The report: six targeted, split between the two groups as the outbox shows.
  const groupA = bodies.filter((b) => b.includes("(A).")).length;
  await page.goto(`/campaigns/${encodeURIComponent(id)}`);
  await page.getByRole("link", { name: "Delivery report" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}/report$`));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("report-total-targeted")).toHaveText("6", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("report-table")).toContainText("Group A");
  await expect(page.getByTestId("report-table")).toContainText("Group B");
  // Columns: group A, group B, total.
  await expect(page.getByTestId("report-row-targeted").getByRole("cell")).toHaveText([
    String(groupA),
    String(6 - groupA),
    "6",
  ]);
  await expect(page.getByTestId("report-rates-chart")).toBeVisible();
  // No clicks yet in either group: a tie, not a lead (and no leader's star).
  await expect(page.getByTestId("report-verdict")).toContainText("have the same click rate");
  await expect(page.getByTestId("report-table").getByRole("columnheader", { name: /★/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("campaign-flow-report.png"), fullPage: true });
});

test("the approval queue and the approval's confirmation say when a campaign targets a draft audience", async ({
  browser,
  request,
}, testInfo) => {
  const p = unique("draft");
  const city = `Draftville ${p}`;
  const advancedToken = await passwordToken(request, "advanced@example.com");
  const marketerToken = await passwordToken(request, "marketer@example.com");
  const seeded = await request.post("/api/latest/data/customers", {
    headers: bearer(advancedToken),
    data: {
      customers: [{ customer_id: `${p}-1`, city, phone_number: "+420771000001", sms_consent: true }],
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);
  const audience = await request.post("/api/latest/customer-studio/audiences", {
    headers: bearer(marketerToken),
    data: {
      audience_name: `Draft ${p}`,
      status: "draft",
      filters: [
        {
          filter_group: "demographics",
          filter_group_order: 0,
          next_group_connector: "AND",
          values: [{ filter_name: "city", filter_type: "IN", filter_order: 0, filter_values: [city] }],
        },
      ],
    },
  });
  expect(audience.status(), await audience.text()).toBe(201);
  const audienceId = ((await audience.json()) as { audience_id: string }).audience_id;
  const name = `Draft audience campaign ${p}`;
  const created = await request.post("/api/latest/campaigning-studio/campaignings/", {
    headers: bearer(marketerToken),
    data: {
      campaign_name: name,
      audiences: [audienceId],
      audiences_type: "AUDIENCE",
      channel_type: "sms",
      is_abc: false,
      campaign_details: [
        {
          abc_audience_percent: 100,
          channel_message_text: "Hello {ph_customer.first_name}",
          start_time: "2099-01-01T10:00:00",
          end_time: "2099-01-02T10:00:00",
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext({ storageState: storageStatePath("advanced") });
  const advanced = await context.newPage();
  await advanced.goto("/approvals");
  await advanced.getByLabel("Search campaigns waiting").fill(p);
  const item = advanced.getByTestId("approval-item").filter({ hasText: name });
  await expect(item.getByTestId("audience-warnings")).toContainText(`Audience “Draft ${p}” (${audienceId}) is a draft`);
  await advanced.screenshot({ path: testInfo.outputPath("approval-queue-draft-warning.png"), fullPage: true });
  await item.getByRole("button", { name: "Approve" }).click();
  const dialog = advanced.getByRole("dialog", { name: `Approve “${name}”?` });
  await expect(dialog.getByTestId("audience-warnings")).toContainText("its members are not frozen");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(item).toHaveCount(0);
  await context.close();
});
