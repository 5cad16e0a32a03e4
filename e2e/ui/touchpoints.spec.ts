import { type APIRequestContext, expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("advanced") });

/** A local timestamp `days` ago in the API's YYYY-MM-DDTHH:MM:SS form (the e2e server runs in UTC). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 19);

async function seedShop(request: APIRequestContext, prefix: string) {
  const token = await passwordToken(request, "advanced@example.com");
  const items = [
    { item_id: `${prefix}-sel-1`, item_name: `Chosen lamp ${prefix}`, product_price: 19.5, currency: "EUR" },
    { item_id: `${prefix}-sel-2`, item_name: `Chosen vase ${prefix}`, product_price: 7.25, currency: "EUR" },
    ...[1, 2, 3, 4].map((n) => ({
      item_id: `${prefix}-best-${n}`,
      item_name: `Best seller ${n} ${prefix}`,
      product_price: 10 + n,
      currency: "EUR",
    })),
  ];
  const seeded = await request.post("/api/latest/data/items", { headers: bearer(token), data: { items } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  const events = [1, 2, 3, 4].map((n) => ({
    event_type: "purchase",
    customer_id: `${prefix}-buyer`,
    item_id: `${prefix}-best-${n}`,
    quantity: 50 - n,
    price: 10 + n,
    order_id: `${prefix}-order-${n}`,
    timestamp: daysAgo(1),
  }));
  const bought = await request.post("/api/latest/data/events", { headers: bearer(token), data: { events } });
  expect(bought.status(), await bought.text()).toBe(200);
  expect(await bought.json()).toMatchObject({ upserted: 4 });
}

test("build a two-rule strategy, make a touchpoint, activate it and preview which rule filled each slot", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const prefix = unique("tp");
  await seedShop(request, prefix);

  // The strategy builder: rule #0 starts as best-sellers on all five slots.
  await page.goto("/touchpoints/strategies/new");
  await page.getByLabel("Name").fill(`Strategy ${prefix}`);
  await expect(page.getByTestId("slot-strip").getByRole("button")).toHaveCount(5);
  const rule0 = page.getByTestId("rule-0");
  await rule0.getByLabel("Rule #0 kind").selectOption("selected-products");
  await rule0.getByRole("button", { name: "Add item" }).click();
  await rule0.getByLabel("Item id 1", { exact: true }).fill(`${prefix}-sel-1`);
  await rule0.getByRole("button", { name: "Add item" }).click();
  await rule0.getByLabel("Item id 2", { exact: true }).fill(`${prefix}-sel-2`);

  // Rule #1, best-sellers, takes slots 2-4 from rule #0.
  await page.getByRole("button", { name: "Add rule" }).click();
  const rule1 = page.getByTestId("rule-1");
  await rule1.getByLabel("Rule #1 kind").selectOption("best-sellers");
  await expect(rule1.getByRole("button", { name: "Assign slots to rule #1" })).toHaveAttribute("aria-pressed", "true");
  for (const slot of [2, 3, 4]) await page.getByTestId(`slot-${slot}`).click();
  // Only this test's items: a filter on the item name (the database holds other tests' best-sellers).
  await rule1.getByRole("button", { name: "Add filter" }).click();
  await expect(rule1.getByLabel("Column 1", { exact: true })).toHaveValue("item_name");
  await expect(rule1.getByLabel("Comparator 1", { exact: true })).toHaveValue("contains");
  await rule1.getByLabel("Value 1", { exact: true }).fill(prefix);
  await expect(page.getByTestId("rule-0-slots")).toHaveText("Slots 0, 1");
  await expect(page.getByTestId("rule-1-slots")).toHaveText("Slots 2, 3, 4");
  for (const [slot, rule] of [
    [0, "0"],
    [1, "0"],
    [2, "1"],
    [3, "1"],
    [4, "1"],
  ] as const) {
    await expect(page.getByTestId(`slot-${slot}`)).toHaveAttribute("data-rule", rule);
  }
  // A learned kind says it is chosen per visitor, and what its fallback is.
  await rule1.getByLabel("Rule #1 kind").selectOption("similar-products");
  await expect(rule1.getByText("Chosen per visitor or product by the learned models")).toBeVisible();
  await rule1.getByLabel("Rule #1 kind").selectOption("best-sellers");
  await expect(rule1.getByText("Chosen per visitor or product by the learned models")).toHaveCount(0);

  await page.getByRole("button", { name: "Create strategy" }).click();
  await expect(page).toHaveURL(/\/touchpoints\/strategies\/strategy-id-[0-9a-f]{32}\?created=1$/);
  await expect(page.getByLabel("Name")).toHaveValue(`Strategy ${prefix}`);
  await expect(page.getByTestId("rule-1-slots")).toHaveText("Slots 2, 3, 4");

  // A touchpoint with it, made live from its page.
  await page.getByRole("link", { name: "Create a touchpoint with it" }).click();
  await expect(page).toHaveURL(/\/touchpoints\/new\?strategy=/);
  await expect(page.getByLabel("Default strategy")).toHaveValue(/^strategy-id-/);
  await page.getByLabel("Name").fill(`Carousel ${prefix}`);
  await page.getByLabel("Position").selectOption({ label: "Home page carousel" });
  await page.getByRole("button", { name: "Create touchpoint" }).click();
  await expect(page).toHaveURL(/\/touchpoints\/touchpoint-id-[0-9a-f]{32}$/);
  await expect(page.getByTestId("touchpoint-name")).toHaveText(`Carousel ${prefix}`);
  await expect(page.getByTestId("status-badges")).toContainText("draft");
  await expect(page.getByTestId("status-badges")).toContainText("not ready");
  await expect(page.getByText("The preview needs a ready touchpoint")).toBeVisible();
  await expect(page.getByTestId("stat-impressions")).toContainText("0");

  await page.getByRole("button", { name: "Activate" }).click();
  // The page follows the calculation by itself (polling) until the touchpoint is ready.
  await expect(page.getByTestId("ready")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("status-badges")).toContainText("active");
  await expect(page.getByTestId("status-badges")).toContainText("ready");

  const cards = page.getByTestId("preview-card");
  await expect(cards).toHaveCount(5);
  await expect(page.getByTestId("preview-identity")).toContainText("customer_id");
  await expect(cards.nth(0)).toContainText(`Chosen lamp ${prefix}`);
  await expect(cards.nth(0)).toContainText("€19.50");
  await expect(cards.nth(1)).toContainText(`${prefix}-sel-2`);
  for (const n of [0, 1]) {
    await expect(cards.nth(n).getByTestId("filled-by")).toHaveText("selected-products · rule #0");
  }
  for (const n of [2, 3, 4]) {
    await expect(cards.nth(n).getByTestId("filled-by")).toHaveText("best-sellers · rule #1");
  }
  await expect(cards.nth(2)).toContainText(`Best seller 1 ${prefix}`);

  // Another identity: an item id resolves to product_id.
  await page.getByLabel("Identity", { exact: true }).fill(`${prefix}-best-1`);
  await page.getByRole("button", { name: "Show preview" }).click();
  await expect(page.getByTestId("preview-identity")).toContainText("product_id");

  // The touchpoint is listed, with its status.
  await page.goto(`/touchpoints?q=${encodeURIComponent(prefix)}`);
  const table = page.getByTestId("touchpoints-table");
  await expect(table.getByRole("link", { name: `Carousel ${prefix}` })).toBeVisible();
  await expect(table).toContainText("active");
});

test("the strategy builder shows the server's field errors next to the rule they concern", async ({ page }) => {
  const prefix = unique("tp-err");
  await page.goto("/touchpoints/strategies/new");
  await page.getByLabel("Name").fill(`Broken ${prefix}`);
  const rule0 = page.getByTestId("rule-0");
  // selected-products without any item: the API answers 422 at rules.0.values.
  await rule0.getByLabel("Rule #0 kind").selectOption("selected-products");
  await page.getByRole("button", { name: "Create strategy" }).click();
  await expect(rule0.getByRole("alert")).toContainText("selected-products lists its items");
  await expect(page).toHaveURL(/\/touchpoints\/strategies\/new$/);

  // The client-side schema (the API's own zod schema) catches an empty name before any request.
  await page.getByLabel("Name").fill("");
  await page.getByRole("button", { name: "Create strategy" }).click();
  await expect(page.getByText("required")).toBeVisible();
});

test("additional strategies are ordered by drag and drop or the move buttons, and the order is saved", async ({
  page,
  request,
}) => {
  const prefix = unique("tp-order");
  const token = await passwordToken(request, "advanced@example.com");
  const strategy = async (name: string) => {
    const response = await request.post("/api/latest/touchpoint-studio/rules/strategies", {
      headers: bearer(token),
      data: {
        strategy_name: `${name} ${prefix}`,
        strategy_type: "smart-recommender",
        rules: [{ rule_type: "random-products", positions: [0, 1, 2], values: [] }],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { strategy_id: string }).strategy_id;
  };
  const main = await strategy("Main");
  const first = await strategy("First");
  const second = await strategy("Second");
  const positions = await (
    await request.get("/api/latest/touchpoint-studio/rules/positions?limit=100", { headers: bearer(token) })
  ).json();
  const created = await request.post("/api/latest/touchpoint-studio/rules/touchpoints", {
    headers: bearer(token),
    data: {
      touchpoint_name: `Ordered ${prefix}`,
      touchpoint_type: "smart-recommender",
      position: positions.positions[0].position_id,
      default_strategy: main,
      number_of_positions: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { touchpoint_id } = (await created.json()) as { touchpoint_id: string };

  await page.goto(`/touchpoints/${touchpoint_id}`);
  const add = page.getByLabel("Strategy to add");
  for (const name of ["First", "Second"]) {
    await add.selectOption({ label: `${name} ${prefix} (all_customers)` });
    await page.getByRole("button", { name: "Add", exact: true }).click();
  }
  const list = page.getByTestId("additional-strategies").getByRole("listitem");
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText(`First ${prefix}`);

  // Drag the second above the first.
  await list.nth(1).dragTo(list.nth(0));
  await expect(list.nth(0)).toContainText(`Second ${prefix}`);
  await expect(list.nth(1)).toContainText(`First ${prefix}`);
  // And back with the keyboard-reachable button.
  await page.getByRole("button", { name: `Move First ${prefix} up` }).click();
  await expect(list.nth(0)).toContainText(`First ${prefix}`);
  await page.getByRole("button", { name: `Move First ${prefix} down` }).click();

  await page.getByRole("button", { name: "Save touchpoint" }).click();
  await expect(page.getByRole("button", { name: "Save touchpoint" })).toBeEnabled();
  await page.reload();
  await expect(list.nth(0)).toContainText(`Second ${prefix}`);
  await expect(list.nth(1)).toContainText(`First ${prefix}`);
  const stored = await (
    await request.get(`/api/latest/touchpoint-studio/rules/touchpoints/${touchpoint_id}`, { headers: bearer(token) })
  ).json();
  expect(stored.strategies).toEqual([second, first]);
});
