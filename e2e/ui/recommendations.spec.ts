import { type APIRequestContext, expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("advanced") });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 19);

async function post(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api/latest${path}`, { headers: bearer(token), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** A shop where Alice's and Bob's histories point at different items; then a fresh model build. */
async function seed(request: APIRequestContext, prefix: string, token: string) {
  const names = ["Lantern", "Candle", "Tea pot", "Mug", "Spade", "Rake"];
  const id = (n: number) => `${prefix}-${n}`;
  await post(request, token, "/data/items", {
    items: names.map((item_name, n) => ({ item_id: id(n), item_name: `${item_name} ${prefix}`, product_price: 5 + n })),
  });
  await post(request, token, "/data/customers", {
    customers: [
      { customer_id: `${prefix}-alice`, first_name: `Alice${prefix}`, last_name: "Synthetic" },
      { customer_id: `${prefix}-bob`, first_name: `Bob${prefix}`, last_name: "Synthetic" },
    ],
  });
  const buy = (customer: string, n: number, order: string, days: number) => ({
    event_type: "purchase",
    customer_id: `${prefix}-${customer}`,
    item_id: id(n),
    price: 5,
    order_id: `${prefix}-${order}`,
    timestamp: daysAgo(days),
  });
  // Lantern goes with candle (three orders); tea pot with mug (three orders); spade with rake.
  const events = [1, 2, 3].flatMap((k) => [
    buy(`light-${k}`, 0, `l${k}`, 20 + k),
    buy(`light-${k}`, 1, `l${k}`, 20 + k),
    buy(`tea-${k}`, 2, `t${k}`, 20 + k),
    buy(`tea-${k}`, 3, `t${k}`, 20 + k),
    buy(`garden-${k}`, 4, `g${k}`, 20 + k),
    buy(`garden-${k}`, 5, `g${k}`, 20 + k),
  ]);
  events.push(buy("alice", 0, "a1", 120), buy("bob", 2, "b1", 120));
  await post(request, token, "/data/events", { events });
  const before = await (await request.get("/api/latest/touchpoint-studio/models", { headers: bearer(token) })).json();
  const previous = before.builds.find((b: { status: string }) => b.status === "ready")?.model_id;
  await post(request, token, "/touchpoint-studio/models", {});
  await expect
    .poll(
      async () => {
        const list = await (
          await request.get("/api/latest/touchpoint-studio/models", { headers: bearer(token) })
        ).json();
        const newest = list.builds.find((b: { status: string }) => b.status === "ready");
        return newest && newest.model_id !== previous;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

test("a history-based carousel previewed for two customers shows different items with their reasons", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const prefix = unique("recs");
  const token = await passwordToken(request, "advanced@example.com");
  await seed(request, prefix, token);
  const strategy = await post(request, token, "/touchpoint-studio/rules/strategies", {
    strategy_name: `History ${prefix}`,
    strategy_type: "smart-recommender",
    strategy_subtype: "carousel",
    segments: ["all_customers"],
    rules: [{ rule_type: "history-based", positions: [0, 1], values: [] }],
  });
  const positions = await (
    await request.get("/api/latest/touchpoint-studio/rules/positions?limit=100", { headers: bearer(token) })
  ).json();
  const touchpoint = await post(request, token, "/touchpoint-studio/rules/touchpoints", {
    touchpoint_name: `History ${prefix}`,
    touchpoint_type: "smart-recommender",
    position: positions.positions[0].position_id,
    default_strategy: strategy.strategy_id,
    number_of_positions: 2,
    is_active: true,
    is_draft: false,
  });

  await page.goto(`/touchpoints/${touchpoint.touchpoint_id}`);
  const search = page.getByLabel("Find a customer");
  const cards = page.getByTestId("preview-card");

  await expect(async () => {
    await page.reload();
    await search.fill(`Alice${prefix}`);
    await page.getByRole("button", { name: new RegExp(`Alice${prefix}`) }).click({ timeout: 3000 });
    await expect(cards.first()).toContainText(`Candle ${prefix}`, { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId("preview-identity")).toContainText(`${prefix}-alice`);
  await expect(cards.first().getByTestId("explanation")).toContainText(
    new RegExp(`bought together with Lantern ${prefix} \\(\\d+ days ago\\) in 3 orders`),
  );

  await search.fill(`Bob${prefix}`);
  await page.getByRole("button", { name: new RegExp(`Bob${prefix}`) }).click();
  await expect(page.getByTestId("preview-identity")).toContainText(`${prefix}-bob`);
  await expect(cards.first()).toContainText(`Mug ${prefix}`);
  await expect(cards.first().getByTestId("explanation")).toContainText(
    new RegExp(`bought together with Tea pot ${prefix} \\(\\d+ days ago\\) in 3 orders`),
  );
  await expect(cards.first()).not.toContainText(`Candle ${prefix}`);
  await page.screenshot({ path: "test-results/recommendations-preview.png", fullPage: true });
});
