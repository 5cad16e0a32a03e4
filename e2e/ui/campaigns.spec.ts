import { expect, type Page, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("user") });

/** The list's row of the campaign, found by a search on its name. */
async function listRow(page: Page, name: string) {
  await page.goto("/campaigns");
  await page.getByLabel("Search campaigns").fill(name);
  const row = page.getByTestId("campaign-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test("a marketer writes a two-group e-mail campaign, an advanced user approves it from the queue", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const p = unique("camp");
  const name = `Spring sale ${p}`;
  const segment = `Segment ${p}`;
  const token = await passwordToken(request, "advanced@example.com");
  const customers = [1, 2, 3].map((n) => ({
    customer_id: `${p}-${n}`,
    first_name: `Ivana${n}`,
    last_name: "Synthetic",
    segment_id: `${p}-seg`,
    segment_name: segment,
    email: `${p}-${n}@example.com`,
    // The third has no e-mail consent: the editor's reach leaves them out.
    email_consent: n !== 3,
  }));
  const seeded = await request.post("/api/latest/data/customers", { headers: bearer(token), data: { customers } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  // Products and purchases, so every customer has recommendations (best sellers at least).
  const items = [1, 2].map((n) => ({
    item_id: `${p}-item-${n}`,
    item_name: `Spring lantern ${n} ${p}`,
    product_price: 12.5 + n,
    product_url: `https://shop.example/${p}/${n}`,
    main_image: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="%23a5b4fc"/></svg>`,
  }));
  const seededItems = await request.post("/api/latest/data/items", { headers: bearer(token), data: { items } });
  expect(seededItems.status(), await seededItems.text()).toBe(200);
  const events = [1, 2, 3, 4].map((k) => ({
    event_type: "purchase",
    customer_id: `${p}-buyer-${k}`,
    item_id: `${p}-item-${(k % 2) + 1}`,
    price: 13,
    order_id: `${p}-order-${k}`,
    timestamp: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19),
  }));
  const seededEvents = await request.post("/api/latest/data/events", { headers: bearer(token), data: { events } });
  expect(seededEvents.status(), await seededEvents.text()).toBe(200);

  // The marketer writes it: a segment picked with its size, groups A and B split 60/40.
  await page.goto("/campaigns");
  await page.getByRole("link", { name: "New campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("Author")).toHaveValue("marketer@example.com");
  await page.getByRole("combobox", { name: "Segments" }).fill(p);
  const option = page.getByRole("option", { name: new RegExp(`${segment}.*3 customers`) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByTestId("audience-reach")).toHaveText("3 customers before consent and frequency cap.");
  // After consent and the frequency cap, as a send now would count them.
  await expect(page.getByTestId("audience-reachable")).toHaveText(
    "2 reachable by e-mail of 3; 1 without consent, 0 without address, 0 over the frequency cap.",
  );

  await page.getByLabel("Subject (group A)").fill("Hello ");
  // A placeholder goes in at the cursor of the field last focused.
  await page.getByLabel("Subject (group A)").click();
  await page.getByRole("button", { name: "{ph_customer.first_name}" }).click();
  await expect(page.getByLabel("Subject (group A)")).toHaveValue("Hello {ph_customer.first_name}");
  await page.getByLabel("Body, plain text (group A)").fill("Spring is here. Your pick: ");
  await page.getByLabel("Body, plain text (group A)").click();
  await page.keyboard.press("End");
  await page.getByRole("button", { name: "{ph_product_1.name}" }).click();
  await expect(page.getByLabel("Body, plain text (group A)")).toHaveValue(
    "Spring is here. Your pick: {ph_product_1.name}",
  );
  await expect(page.getByTestId("message-preview").first().getByTestId("placeholder")).toHaveCount(2);
  // The preview for a customer the marketer picks: their name and their recommended products.
  await page.locator("#group-0-customer-search").fill(`${p}-1`);
  await page
    .getByTestId("preview-customer-results")
    .getByRole("button", { name: /Ivana1 Synthetic/ })
    .click();
  const personal = page.getByTestId("personal-preview").first();
  await expect(personal).toContainText("Hello Ivana1");
  const product = personal.getByTestId("preview-product").first();
  await expect(product).toBeVisible();
  const productName = (await product.getByRole("link").textContent()) ?? "";
  expect(productName).not.toBe("");
  await expect(personal).toContainText(`Spring is here. Your pick: ${productName}`);
  await page.getByTestId("personal-preview").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("campaign-editor-preview.png"), fullPage: true });

  await page.getByRole("button", { name: "+ Add group" }).click();
  await expect(page.getByRole("tab", { name: /Group B · 50%/ })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: /Group A/ }).click();
  await page.getByLabel("Share of the audience, group A (%)").fill("60");
  await expect(page.getByRole("tab", { name: /Group B · 40%/ })).toBeVisible();
  await expect(page.getByTestId("percent-total")).toHaveText("Total: 100%");
  await page.getByRole("tab", { name: /Group B/ }).click();
  await page.getByLabel("Subject (group B)").fill("Spring sale: 20% off");
  // The server's 422 shows next to its field (placeholders are checked by the server only).
  await page.getByLabel("Body, plain text (group B)").fill("Hi {ph_customer.nickname}");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByText("unknown placeholder {ph_customer.nickname}")).toBeVisible();
  // The customer's preview waits for a known placeholder instead of asking the server.
  await expect(page.getByTestId("group-B")).toBeVisible();
  await expect(page.getByText("{ph_customer.nickname} is not a placeholder")).toBeVisible();
  await expect(page.getByLabel("Body, plain text (group B)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Body, plain text (group B)").fill("Everything in spring colours, this week only.");
  await page.screenshot({ path: testInfo.outputPath("campaign-editor.png"), fullPage: true });

  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d{8}_cn_spring_sale_camp_.+_ap_60_ag_1$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("campaign-status")).toHaveText("Not approved");
  await expect(page.getByTestId("approvals-summary")).toHaveText("1 of 1 approvals left.");
  await expect(page.getByTestId("group-card-A")).toContainText("Hello {ph_customer.first_name}");
  await expect(page.getByTestId("group-card-B")).toContainText("Spring sale: 20% off");
  // Role user may neither approve nor send, and sees why.
  await expect(page.getByRole("button", { name: "Approve" })).toBeDisabled();
  await expect(page.getByText("Approving needs the advanced or super role.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send now" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("campaign-page.png"), fullPage: true });

  const row = await listRow(page, name);
  await expect(row.getByTestId("campaign-status")).toHaveText("Not approved");
  await expect(row.getByTestId("campaign-groups")).toHaveText("A 60% · B 40%");
  await expect(row.getByTestId("approvals-left")).toHaveText("1 of 1");
  await expect(row).toContainText("3 customers");
  await page.screenshot({ path: testInfo.outputPath("campaign-list.png"), fullPage: true });
  // No approval queue for role user.
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Approvals" })).toHaveCount(
    0,
  );

  // An advanced user approves it from the queue, after a confirmation.
  const context = await browser.newContext({ storageState: storageStatePath("advanced") });
  const advanced = await context.newPage();
  await advanced.goto("/campaigns");
  await advanced.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Approvals" }).click();
  await expect(advanced).toHaveURL(/\/approvals$/);
  await advanced.getByLabel("Search campaigns waiting").fill(p);
  const item = advanced.getByTestId("approval-item").filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("message-preview")).toHaveCount(2);
  await expect(item.getByTestId("placeholder").first()).toHaveText("{ph_customer.first_name}");
  await advanced.screenshot({ path: testInfo.outputPath("approval-queue.png"), fullPage: true });
  await item.getByRole("button", { name: "Approve" }).click();
  const dialog = advanced.getByRole("dialog", { name: `Approve “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(item).toHaveCount(0);

  const approved = await listRow(advanced, name);
  await expect(approved.getByTestId("campaign-status")).toHaveText("Approved");
  await expect(approved.getByTestId("approvals-left")).toHaveText("0 of 1");
  await approved.getByRole("link", { name }).click();
  // The campaign's own page (only it lists the approvers): until it is there, the list's badges
  // are all still on screen.
  await expect(advanced.getByTestId("approved-by")).toContainText("advanced@example.com");
  await expect(advanced.getByTestId("campaign-status")).toHaveText("Approved");
  await expect(advanced.getByRole("button", { name: "Send now" })).toBeEnabled();
  await context.close();

  // An edit of the content asks first, then returns it to Not approved.
  await (await listRow(page, name)).getByRole("link", { name }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("This campaign is Approved.")).toBeVisible();
  await page.getByLabel("Subject (group A)").fill("Hello again {ph_customer.first_name}");
  await page.getByRole("button", { name: "Save changes" }).click();
  const warning = page.getByRole("dialog", { name: "Return this campaign to Not approved?" });
  await expect(warning).toBeVisible();
  await warning.getByRole("button", { name: "Save and ask for approval again" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("Not approved");
  await expect(page.getByTestId("group-card-A")).toContainText("Hello again");
  await expect(page.getByTestId("approvals-summary")).toHaveText("1 of 1 approvals left.");

  // Deleted after a confirmation: gone from the list.
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: `Delete “${name}”?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await page.getByLabel("Search campaigns").fill(name);
  await expect(page.getByText("No campaign matches these filters.")).toBeVisible();
});

test("an advanced user sends an approved campaign now, after a confirmation", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const p = unique("send");
  const name = `Flash sale ${p}`;
  const advancedToken = await passwordToken(request, "advanced@example.com");
  const seeded = await request.post("/api/latest/data/customers", {
    headers: bearer(advancedToken),
    data: {
      customers: [
        {
          customer_id: `${p}-1`,
          segment_id: `${p}-seg`,
          email: `${p}@example.com`,
          email_consent: true,
          // An SMS campaign: the report counts this one recipient.
          phone_number: "+420700009999",
          sms_consent: true,
        },
      ],
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);
  // Written by the marketer and approved by the advanced user through the API.
  const created = await request.post("/api/latest/campaigning-studio/campaignings/", {
    headers: bearer(await passwordToken(request, "marketer@example.com")),
    data: {
      campaign_name: name,
      audiences: [`${p}-seg`],
      audiences_type: "GENERIC",
      channel_type: "sms",
      is_abc: false,
      campaign_details: [
        {
          abc_audience_percent: 100,
          channel_message_text: "Flash sale today, {ph_customer.first_name}",
          start_time: "2099-01-01T10:00:00",
          end_time: "2099-01-02T10:00:00",
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { campaign_details: { campaign_id: string }[] }).campaign_details[0]!
    .campaign_id;
  const approved = await request.put(`/api/latest/campaigning-studio/campaignings/${id}/approve`, {
    headers: bearer(advancedToken),
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The marketer may not send it.
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByTestId("campaign-status")).toHaveText("Approved");
  await expect(page.getByRole("button", { name: "Send now" })).toBeDisabled();

  const context = await browser.newContext({ storageState: storageStatePath("advanced") });
  const advanced = await context.newPage();
  await advanced.goto(`/campaigns/${id}`);
  await expect(advanced.getByTestId("campaign-status")).toHaveText("Approved");
  await advanced.getByRole("button", { name: "Send now" }).click();
  const dialog = advanced.getByRole("dialog", { name: `Send “${name}” now?` });
  await dialog.getByRole("button", { name: "Send now" }).click();
  await expect(dialog).toBeHidden();
  await expect(advanced.getByTestId("action-result")).not.toBeEmpty();
  await expect(advanced.getByTestId("campaign-status")).not.toHaveText("Approved");
  await expect(advanced.getByRole("button", { name: "Send now" })).toBeDisabled();
  await advanced.screenshot({ path: testInfo.outputPath("campaign-sent.png"), fullPage: true });
  await context.close();

  // The delivery report, from the campaign page: its charts, and one targeted recipient.
  await page.goto(`/campaigns/${id}`);
  await page.getByRole("link", { name: "Delivery report" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}/report$`));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("report-total-targeted")).toHaveText("1", { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId("report-rates-chart").locator(".recharts-wrapper")).toBeVisible();
  await expect(page.getByTestId("report-timeline-chart")).toBeVisible();
  await expect(page.getByTestId("report-table")).toContainText("Group A");
  await expect(page.getByTestId("report-verdict")).toContainText("One group received the message");
  await page.screenshot({ path: testInfo.outputPath("campaign-report.png"), fullPage: true });
});
