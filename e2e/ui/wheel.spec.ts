import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("advanced") });

test("configure a wheel promotion, send a test SMS, follow its link from the Outbox and spin once", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const prefix = unique("wheel");
  const token = await passwordToken(request, "advanced@example.com");

  // Four items, each with a discount of the leaflet.
  const items = [1, 2, 3, 4].map((n) => ({
    item_id: `${prefix}-item-${n}`,
    item_name: `Prize item ${n}`,
    product_price: 20 * n,
    currency: "GBP",
  }));
  const seededItems = await request.post("/api/latest/data/items", { headers: bearer(token), data: { items } });
  expect(seededItems.status(), await seededItems.text()).toBe(200);
  const discounts = [1, 2, 3, 4].map((n) => ({
    discount_id: `${prefix}-d${n}`,
    discount_name: `${n * 10}% off item ${n}`,
    leaflet_id: `${prefix}-leaflet`,
    item_ids: [`${prefix}-item-${n}`],
    discount_percent: n * 10,
  }));
  const seededDiscounts = await request.post("/api/latest/data/discounts", {
    headers: bearer(token),
    data: { discounts },
  });
  expect(seededDiscounts.status(), await seededDiscounts.text()).toBe(200);
  expect(await seededDiscounts.json()).toMatchObject({ upserted: 4 });

  // The wheel strategy in the builder: one discount per slice.
  await page.goto("/touchpoints/strategies/new");
  await page.getByLabel("Name").fill(`Wheel strategy ${prefix}`);
  await page.getByRole("radio", { name: "wheel-of-fortune" }).check();
  for (const slot of [0, 1, 2, 3]) {
    await page.getByLabel(`Discount id of slot ${slot}`).fill(`${prefix}-d${slot + 1}`);
  }
  await page.getByRole("button", { name: "Create strategy" }).click();
  await expect(page).toHaveURL(/\/touchpoints\/strategies\/strategy-id-[0-9a-f]{32}\?created=1$/);

  // Its touchpoint, active from the start.
  await page.getByRole("link", { name: "Create a touchpoint with it" }).click();
  await expect(page).toHaveURL(/\/touchpoints\/new\?strategy=/);
  await expect(page.getByLabel("Default strategy")).toHaveValue(/^strategy-id-/);
  await page.getByLabel("Name").fill(`Wheel ${prefix}`);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("wheel-of-fortune");
  await page.getByLabel("Position").selectOption({ label: "Promotion wheel" });
  await page.getByLabel("Active", { exact: true }).check();
  await page.getByRole("button", { name: "Create touchpoint" }).click();
  await expect(page).toHaveURL(/\/touchpoints\/touchpoint-id-[0-9a-f]{32}$/);
  await expect(page.getByTestId("ready")).toBeVisible({ timeout: 45_000 });
  const cards = page.getByTestId("preview-card");
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0).getByTestId("filled-by")).toHaveText("discount-leaflet · rule #0");

  // The SMS promotion: an unknown placeholder is refused (the API's own schema), next to its template.
  await page.getByLabel("Redeem page (promotion_base_url)").fill("https://shop.example.com/redeem");
  const promotionMessage = page.getByLabel(/Promotion SMS/);
  await promotionMessage.fill("Hi {first_name}, spin: {link}");
  await page.getByRole("button", { name: "Save promotion" }).click();
  await expect(page.getByText("unknown placeholder {first_name}")).toBeVisible();
  await promotionMessage.fill(`Spin the wheel of {promotion_long_name} (${prefix}): {link}`);
  await page.getByRole("button", { name: "Save promotion" }).click();
  await expect(page.getByText("Promotion saved.")).toBeVisible();

  // A test send to a number of the reserved UK drama range, unique to this run.
  const phone = `+447700900${String(randomInt(1000)).padStart(3, "0")}`;
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Concept id").fill(`${prefix}-concept`);
  await page.getByRole("button", { name: "Send test SMS" }).click();
  await expect(page.getByText(`Test promotion queued to the outbox for ${phone}`)).toBeVisible();

  // The Outbox shows the SMS with its link to the wheel.
  await page.getByRole("link", { name: "Open the outbox" }).click();
  await expect(page).toHaveURL(/\/outbox\?channel=sms$/);
  const message = page.getByTestId("outbox-message").filter({ hasText: prefix }).first();
  await expect(message).toBeVisible();
  await expect(message.getByTestId("outbox-recipient")).toHaveText(phone);
  await expect(message.getByTestId("outbox-body")).toContainText(`Spin the wheel of Wheel ${prefix}`);
  const link = await message.getByTestId("outbox-link").getAttribute("href");
  expect(link).toMatch(/\/w\/[A-Za-z0-9_-]+$/);

  // The wheel page is public: a visitor without any session opens it.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const wheel = await visitor.newPage();
  await wheel.goto(new URL(link!).pathname);
  await expect(wheel.getByRole("heading", { name: `Wheel ${prefix}` })).toBeVisible();
  for (const n of [0, 1, 2, 3]) await expect(wheel.getByTestId(`wheel-slice-${n}`)).toBeVisible();
  await expect(wheel.getByTestId("wheel-slice-1")).toContainText("20% off");
  await wheel.getByRole("button", { name: "Spin the wheel" }).click();
  await expect(wheel.getByTestId("wheel-prize")).toBeVisible({ timeout: 15_000 });
  const prize = await wheel.getByTestId("wheel-prize").textContent();
  expect(prize).toMatch(/^(10|20|30|40)% off Prize item [1-4]$/);
  await expect(wheel.getByTestId("wheel-message")).toContainText("You won");
  await expect(wheel.getByRole("link", { name: "Redeem your prize" })).toHaveAttribute(
    "href",
    /^https:\/\/shop\.example\.com\/redeem\?item_id=/,
  );
  await expect(wheel.getByTestId("wheel-already")).toHaveCount(0);

  // A second visit shows the same result, already spun, and no Spin button.
  await wheel.reload();
  await expect(wheel.getByTestId("wheel-already")).toBeVisible();
  await expect(wheel.getByTestId("wheel-prize")).toHaveText(prize!);
  await expect(wheel.getByRole("button", { name: "Spin the wheel" })).toHaveCount(0);
  await visitor.close();

  // The win was texted too.
  await page.reload();
  await expect(page.getByTestId("outbox-message").filter({ hasText: "You won" }).first()).toContainText(
    prize!.replace(/^(\d+% off) /, "$1 "),
  );
});
