import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test("super signs in, sees the seeded items and their import on /data, signs out", async ({ page, request }) => {
  // Seed three items with ids no other run used, through the API with a password-grant token.
  const token = await passwordToken(request, "super@example.com");
  const prefix = unique("e2e-item");
  const items = [1, 2, 3].map((n) => ({
    item_id: `${prefix}-${n}`,
    item_name: `E2E item ${n}`,
    product_price: n * 10,
  }));
  const seeded = await request.post("/api/latest/data/items", { headers: bearer(token), data: { items } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  expect(await seeded.json()).toMatchObject({ received: 3, upserted: 3 });

  // The import run this request made: the newest items import by super with 3 records.
  const overview = await (await request.get("/api/latest/data/overview", { headers: bearer(token) })).json();
  const run = (overview.last_imports as { id: string; kind: string; actor: string; received: number }[]).find(
    (r) => r.kind === "items" && r.actor === "super@example.com" && r.received === 3,
  );
  expect(run, "the import is listed by the API").toBeDefined();

  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill("super@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/data$/);

  for (const kind of ["items", "customers", "events", "segments", "discounts"]) {
    await expect(page.getByTestId(`count-${kind}`)).toBeVisible();
  }
  const itemsShown = await page.getByTestId("count-items").locator("dd").first().textContent();
  expect(Number((itemsShown ?? "").replace(/\D/g, ""))).toBeGreaterThanOrEqual(3);

  const row = page.getByTestId(`import-${run?.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(0)).toHaveText("items");
  await expect(row.getByRole("cell").nth(1)).toHaveText("api");
  await expect(row.getByRole("cell").nth(2)).toHaveText("super@example.com");
  await expect(row.getByRole("cell").nth(3)).toHaveText("3");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.goto("/data");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});
