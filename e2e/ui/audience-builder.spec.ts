import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("user") });

/** The funnel's steps as "count_before → count_now (percentage%)", in order. */
const funnelCounts = (page: Page) => page.getByTestId("funnel-counts");

test("build an audience with three filters from the pickers, watch the funnel, create it and find it", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const p = unique("aud");
  const segment = `Segment ${p}`;
  const town = `Town ${p}`;
  // Four customers in the segment, three of them in the town, two of those aged 25-50; one more
  // in the town outside the segment.
  const customers = [
    { customer_id: `${p}-1`, segment_id: `${p}-seg`, segment_name: segment, city: town, age: 30 },
    { customer_id: `${p}-2`, segment_id: `${p}-seg`, segment_name: segment, city: town, age: 45 },
    { customer_id: `${p}-3`, segment_id: `${p}-seg`, segment_name: segment, city: town, age: 70 },
    { customer_id: `${p}-4`, segment_id: `${p}-seg`, segment_name: segment, city: `Village ${p}`, age: 33 },
    { customer_id: `${p}-5`, city: town, age: 40 },
  ];
  const token = await passwordToken(request, "advanced@example.com");
  const seeded = await request.post("/api/latest/data/customers", { headers: bearer(token), data: { customers } });
  expect(seeded.status(), await seeded.text()).toBe(200);

  await page.goto("/audiences");
  await page.getByLabel("Name", { exact: true }).fill(`Audience ${p}`);

  // 1.1 Segment: picked from the data's segments, which show their sizes.
  await expect(page.getByLabel("Filter 1.1", { exact: true })).toHaveValue("segment|customer");
  const segments = page.getByRole("combobox", { name: "Values of filter 1.1" });
  await segments.fill(p);
  const segmentOption = page.getByRole("option", { name: new RegExp(`${segment}.*4 customers`) });
  await expect(segmentOption).toBeVisible();
  await segmentOption.click();
  await expect(page.getByTestId("filter-1.1").getByRole("button", { name: `Remove ${segment}` })).toBeVisible();
  await expect(page.getByTestId("funnel-bar")).toHaveCount(1);
  await expect(funnelCounts(page).nth(0)).toContainText("→ 4 (");
  const firstBar = await page.getByTestId("funnel-bar").nth(0).getAttribute("style");

  // 1.2 City: the data's cities, searchable, with their customer counts.
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByLabel("Filter 1.2", { exact: true }).selectOption({ label: "City" });
  const cities = page.getByRole("combobox", { name: "Values of filter 1.2" });
  await cities.fill(`town ${p}`);
  const cityOption = page.getByRole("option", { name: new RegExp(`${town}.*4 customers`) });
  await expect(cityOption).toBeVisible();
  await cityOption.click();
  await expect(page.getByTestId("funnel-bar")).toHaveCount(2);
  await expect(funnelCounts(page).nth(1)).toHaveText("4 → 3 (75.00%)");
  const secondBar = await page.getByTestId("funnel-bar").nth(1).getAttribute("style");
  expect(secondBar).not.toBe(firstBar);

  // 1.3 Age: between a min and a max, filled in from the data's range, here narrowed to 25-50.
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByLabel("Filter 1.3", { exact: true }).selectOption({ label: "Age" });
  await expect(page.getByLabel("Type of filter 1.3")).toHaveValue("BETWEEN");
  await expect(page.getByTestId("range-1.3")).toHaveText(/^data: \d+–\d+$/);
  await expect(page.getByLabel("Minimum of filter 1.3")).not.toHaveValue("");
  await page.getByLabel("Minimum of filter 1.3").fill("25");
  await page.getByLabel("Maximum of filter 1.3").fill("50");
  await expect(page.getByTestId("funnel-bar")).toHaveCount(3);
  await expect(funnelCounts(page).nth(2)).toHaveText("3 → 2 (66.67%)");
  await expect(page.getByTestId("audience-size")).toHaveText("Audience size: 2");
  const thirdBar = await page.getByTestId("funnel-bar").nth(2).getAttribute("style");
  expect(thirdBar).not.toBe(secondBar);

  await page.getByTestId("group-0").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("audience-builder.png"), fullPage: true });

  // Created: its page shows the size found, and the list has it.
  await page.getByRole("button", { name: "Create audience" }).click();
  await expect(page).toHaveURL(/\/audiences\/audience-id-[0-9a-f]{32}$/);
  await expect(page.getByRole("heading", { name: `Audience ${p}` })).toBeVisible();
  await expect(page.getByTestId("audience-size")).toHaveText("2");

  await page.goto("/audiences");
  await page.getByLabel("Search audiences").fill(p);
  const row = page.getByTestId("audience-row").filter({ hasText: `Audience ${p}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("created");
  await expect(row.getByRole("cell").nth(2)).toHaveText("static");
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");

  // Export: the link goes to the marketer's address (the outbox here, no SMTP server is set),
  // the export's progress ends in done, and the link from the outbox downloads the file.
  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: `Audience ${p}` })).toBeVisible();
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(page.getByTestId("export-message")).toContainText("marketer@example.com");
  await expect(page.getByTestId("export-status").first()).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("export-row").first()).toContainText("link sent to marketer@example.com");
  await page.screenshot({ path: testInfo.outputPath("audience-export.png"), fullPage: true });

  await page.goto("/outbox?channel=email");
  const mail = page
    .getByTestId("outbox-message")
    .filter({ hasText: `Audience ${p}` })
    .first();
  await expect(mail).toContainText("is ready");
  const downloading = page.waitForEvent("download");
  await mail.getByTestId("outbox-link").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Audience ${p}-.+\\.csv$`));
  const text = await readFile((await download.path())!, "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toMatch(/^customer_id,first_name,last_name,/);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(",")[0])
      .sort(),
  ).toEqual([`${p}-1`, `${p}-2`]);

  // The same link opened in a browser that is not signed in: sign-in first, then the file.
  const href = (await mail.getByTestId("outbox-link").getAttribute("href"))!;
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await fresh.newPage();
  await other.goto(href).catch(() => {});
  await expect(other).toHaveURL(/\/sign-in\?callbackUrl=/);
  await other.getByLabel("E-mail").fill("marketer@example.com");
  await other.getByLabel("Password").fill(DEMO_PASSWORD);
  const again = other.waitForEvent("download");
  await other.getByRole("button", { name: "Sign in" }).click();
  expect((await again).suggestedFilename()).toMatch(/\.csv$/);
  await fresh.close();
});
