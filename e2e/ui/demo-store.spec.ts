/**
 * The demo store (/demo-store) with the widgets as a shop embeds them, on data seeded here through
 * the API (the test server runs without the demo shop): a carousel of a merchandise rule over this
 * run's items and a search bar, named in the store's query.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { bearer, passwordToken } from "../support/api";

test.use({ storageState: { cookies: [], origins: [] } });

/** A made-up word no other test or run uses: letters only, so the search sees one word. */
const word = () => `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

interface Seeded {
  w: string;
  carousel: string;
  search: string;
  items: string[];
}

async function seed(api: APIRequestContext): Promise<Seeded> {
  const w = word();
  const writer = await passwordToken(api, "advanced@example.com");
  const names = ["Walnut Desk", "Walnut Bookshelves", "Maple Desk Lamp", "Oak Stool", "Pine Crate"];
  const items = names.map((name, i) => ({
    item_id: `${w}-${i + 1}`,
    item_name: `${w} ${name}`,
    product_price: 20 + 10 * i,
    currency: "GBP",
    // A picture the service has (its icon), so the cards show one.
    main_image: "/icon.svg",
    categories: [{ category_level: "category_level_1", category_name: w, category_type: "" }],
  }));
  const seeded = await api.post("/api/latest/data/items", { headers: bearer(writer), data: { items } });
  expect(seeded.status(), await seeded.text()).toBe(200);

  const token = await passwordToken(api, "marketer@example.com");
  const positions = await api.get("/api/latest/touchpoint-studio/rules/position", { headers: bearer(token) });
  const position = (await positions.json()).positions[0].position_id as string;
  const value = (column_name: string, v: string | number) => ({ column_name, comparator: "=", value: v });
  const strategy = async (data: object) => {
    const r = await api.post("/api/latest/touchpoint-studio/rules/strategies", { headers: bearer(token), data });
    expect(r.status(), await r.text()).toBe(201);
    return (await r.json()).strategy_id as string;
  };
  const touchpoint = async (data: object) => {
    const r = await api.post("/api/latest/touchpoint-studio/rules/touchpoints", {
      headers: bearer(token),
      data: { position, is_active: true, ...data },
    });
    expect(r.status(), await r.text()).toBe(201);
    return (await r.json()).touchpoint_id as string;
  };
  const carouselStrategy = await strategy({
    strategy_name: `Demo store ${w}`,
    strategy_type: "smart-recommender",
    strategy_subtype: "carousel",
    segments: ["all_customers"],
    rules: [{ rule_type: "merchandise-rules", positions: [0, 1, 2, 3, 4], values: [value("category_level_1", w)] }],
  });
  const carousel = await touchpoint({
    touchpoint_name: `Picked for you ${w}`,
    touchpoint_type: "smart-recommender",
    touchpoint_subtype: "carousel",
    default_strategy: carouselStrategy,
    number_of_positions: 5,
  });
  const searchStrategy = await strategy({
    strategy_name: `Demo search ${w}`,
    strategy_type: "smart-search",
    strategy_subtype: "search-bar",
    segments: ["all_customers"],
    rules: [
      {
        rule_type: "ai-search",
        positions: [],
        values: [
          value("tenant_id", "default"),
          value("filter_columns", "item_id,item_name,product_price,currency,main_image,matched_words"),
          value("limit", 10),
          value("match_score", 60),
        ],
      },
    ],
  });
  const search = await touchpoint({
    touchpoint_name: `Search ${w}`,
    touchpoint_type: "smart-search",
    default_strategy: searchStrategy,
    number_of_positions: 0,
  });
  // The carousel serves once calculated.
  await expect
    .poll(
      async () => {
        const r = await api.get(`/api/latest/touchpoint-studio/rules/touchpoints/${carousel}`, {
          headers: bearer(token),
        });
        return (await r.json()).is_ready;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return { w, carousel, search, items: items.map((i) => i.item_id) };
}

let seeded: Seeded;
let baseURL: string;

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(90_000);
  baseURL = info.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  seeded = await seed(api);
  await api.dispose();
});

const storeUrl = () => `/demo-store?carousel=${seeded.carousel}&search=${seeded.search}`;

async function stats(api: APIRequestContext, touchpointId: string) {
  const token = await passwordToken(api, "marketer@example.com");
  const r = await api.get(`/api/latest/touchpoint-studio/touchpoints/${touchpointId}/stats`, {
    headers: bearer(token),
  });
  expect(r.status()).toBe(200);
  return (await r.json()) as { impressions: number; clicks: number };
}

/** WCAG 2.2 AA by axe, as e2e/ui/a11y.spec.ts checks the studio. */
async function expectAccessible(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`),
    state,
  ).toEqual([]);
}

/** Layout shifts of the page's main column (the widgets' part), summed as CLS counts them. */
async function mainLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node }[];
          }[]) {
            const inMain = entry.sources.some((s) => s.node && document.querySelector("main")?.contains(s.node));
            if (!entry.hadRecentInput && inMain) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test("the carousel renders accessible cards without layout shift; a view and a click reach the service and its stats", async ({
  page,
  request,
}) => {
  const before = await stats(request, seeded.carousel);
  await page.goto(storeUrl());
  const carousel = page.getByRole("region", { name: `Picked for you ${seeded.w}` });
  await expect(carousel).toHaveAttribute("data-lumen-state", "ready");
  const cards = carousel.getByRole("listitem");
  await expect(cards).toHaveCount(5);
  const first = carousel.getByRole("link").first();
  await expect(first).toContainText(seeded.w);
  await expect(first).toContainText("£");
  // Pictures are lazy and the space was reserved: nothing in the page's main column moved.
  await expect(carousel.locator("img").first()).toHaveAttribute("loading", "lazy");
  expect(await mainLayoutShift(page)).toBeLessThan(0.01);
  await expectAccessible(page, "the demo store with its carousel");
  // The content request was the impression, as the event log shows.
  await expect(
    page.getByTestId("event-log-row").filter({ hasText: seeded.carousel }).first().getByTestId("event-log-status"),
  ).toHaveText("200");

  // Keyboard: arrows move between the cards.
  await first.focus();
  await page.keyboard.press("ArrowRight");
  await expect(carousel.getByRole("link").nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(carousel.getByRole("link").nth(4)).toBeFocused();

  // A click goes straight on to the product page, which records a view; both events are sent.
  const itemId = await carousel
    .getByRole("link")
    .nth(1)
    .evaluate((a) => (a as HTMLElement).dataset.lumenItemId!);
  await carousel.getByRole("link").nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/demo-store/p/${itemId}\\?`));
  await expect(page.getByTestId("item-name")).toContainText(seeded.w);
  const sent = page.getByTestId("event-log-row").filter({ hasText: `view ${itemId}` });
  await expect(sent.first().getByTestId("event-log-status")).toHaveText("200", { timeout: 15_000 });
  await expect(
    page
      .getByTestId("event-log-row")
      .filter({ hasText: `click ${itemId}` })
      .first()
      .getByTestId("event-log-status"),
  ).toHaveText("200");

  // The touchpoint's stats count the impression and the click (impressions are written every few seconds).
  await expect
    .poll(
      async () => {
        const now = await stats(request, seeded.carousel);
        return { impressions: now.impressions > before.impressions, clicks: now.clicks - before.clicks };
      },
      { timeout: 20_000 },
    )
    .toEqual({ impressions: true, clicks: 1 });
});

test("consent off: nothing is sent and no cookie is set", async ({ page, context }) => {
  const tracked: string[] = [];
  const identities: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/latest/track/events")) tracked.push(r.url());
    const identity = r.headers().identity_value;
    if (r.url().includes("/content") && identity) identities.push(identity);
  });
  await page.goto(storeUrl());
  await expect(page.getByTestId("visitor-status")).toContainText("Anonymous");
  await page.getByLabel("Allow tracking (lumen.consent)").uncheck();
  await expect(page.getByTestId("visitor-status")).toHaveText("Tracking refused: nothing is recorded or sent.");

  // Browse: a click, a product page (its view), add to cart, a search and its result.
  const carousel = page.getByRole("region", { name: `Picked for you ${seeded.w}` });
  await carousel.getByRole("link").first().click();
  await expect(page.getByTestId("item-name")).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("In your cart: 1")).toBeVisible();
  await page.getByRole("combobox", { name: "Search products" }).fill(seeded.w);
  await expect(page.getByRole("option")).toHaveCount(5);
  await page.waitForTimeout(2500); // longer than the snippet's batching delay
  expect(tracked).toEqual([]);
  expect(identities).toEqual([]);
  expect((await context.cookies()).filter((c) => c.name === "lumen_id")).toEqual([]);
});

test("the search bar works by keyboard only: results as you type, arrows, Escape, Enter; query and click recorded", async ({
  page,
  request,
}) => {
  await page.goto(storeUrl());
  const box = page.getByRole("combobox", { name: "Search products" });
  // Reach it with Tab.
  for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(box).toBeFocused();
  await page.keyboard.type(`${seeded.w} desk`);
  const list = page.getByRole("listbox", { name: "Search results" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = list.getByRole("option");
  await expect(options).toHaveCount(2); // the desk and the desk lamp
  await expect(options.first().locator("mark")).toHaveText([seeded.w, "Desk"]);
  await expect(page.getByRole("status").filter({ hasText: "2 results" })).toHaveCount(1);
  await expectAccessible(page, "the search bar's results open");

  await page.keyboard.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown"); // wraps
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");

  // Escape closes, then clears; typing again opens.
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue(`${seeded.w} desk`);
  await page.keyboard.press("Escape");
  await expect(box).toHaveValue("");
  await page.keyboard.type(`${seeded.w} lamp`);
  await expect(options).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/demo-store/p/${seeded.w}-3\\?`));
  await expect(
    page
      .getByTestId("event-log-row")
      .filter({ hasText: `click ${seeded.w}-3 “${seeded.w} lamp”` })
      .first()
      .getByTestId("event-log-status"),
  ).toHaveText("200", { timeout: 15_000 });

  // The service has the query (with its click) in the search report.
  const token = await passwordToken(request, "marketer@example.com");
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/latest/touchpoint-studio/search/report?touchpoint_id=${seeded.search}`, {
          headers: bearer(token),
        });
        const report = (await r.json()) as { top_searches: { term: string; clicks: number }[] };
        return report.top_searches.find((t) => t.term === `${seeded.w} lamp`)?.clicks ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
});

test("the store's pk_ key is refused on the customers route and from an origin it does not allow", async ({
  page,
  request,
}) => {
  await page.goto(storeUrl());
  const key = await page.locator("script[data-key]").getAttribute("data-key");
  expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);

  const customers = await request.get("/api/latest/data/customers", { headers: bearer(key!) });
  expect(customers.status()).toBe(403);
  expect((await customers.json()).code).toBe("insufficient_scope");

  const content = `/api/latest/touchpoint-studio/touchpoints/${seeded.carousel}/content?key=${encodeURIComponent(key!)}`;
  const allowedOrigin = new URL(baseURL).origin;
  const allowed = await request.get(content, { headers: { origin: allowedOrigin } });
  expect(allowed.status()).toBe(200);
  expect(allowed.headers()["access-control-allow-origin"]).toBe(allowedOrigin);
  const other = await request.get(content, { headers: { origin: "https://elsewhere.example" } });
  expect(other.status()).toBe(403);
  expect((await other.json()).code).toBe("origin_not_allowed");
  expect(other.headers()["access-control-allow-origin"]).toBeUndefined();

  // In a browser on another origin (the same server by its address, on an API document: pages
  // carry a CSP that would stop the request before it left): refused, and the page reads nothing.
  const elsewhere = baseURL.replace("localhost", "127.0.0.1");
  await page.goto(`${elsewhere}/api/latest/openapi.json`);
  const refused = page.waitForEvent("requestfailed", (r) => r.url().includes("/content?key="));
  const outcome = await page.evaluate(
    (url) =>
      fetch(url, { credentials: "omit" }).then(
        (r) => `read ${r.status}`,
        () => "blocked",
      ),
    `${baseURL}${content}`,
  );
  expect(outcome).toBe("blocked");
  // Sent, and answered without CORS headers (403 origin_not_allowed, as above): the browser refused it to the page.
  expect((await refused).failure()?.errorText).toBe("net::ERR_FAILED");
});

test("the wheel widget shows the store's wheel link in a frame Lumen's pages may show", async ({ page, request }) => {
  // A live wheel with an SMS promotion: the store makes today's link of the first such wheel.
  const w = seeded.w;
  const writer = await passwordToken(request, "advanced@example.com");
  const discounts = seeded.items.slice(0, 4).map((item, i) => ({
    discount_id: `${w}-d${i}`,
    discount_name: `${(i + 1) * 10}% off`,
    leaflet_id: `${w}-leaflet`,
    item_ids: [item],
    discount_percent: (i + 1) * 10,
  }));
  const seededDiscounts = await request.post("/api/latest/data/discounts", {
    headers: bearer(writer),
    data: { discounts },
  });
  expect(seededDiscounts.status(), await seededDiscounts.text()).toBe(200);
  const token = await passwordToken(request, "marketer@example.com");
  const positions = await request.get("/api/latest/touchpoint-studio/rules/position", { headers: bearer(token) });
  const strategy = await request.post("/api/latest/touchpoint-studio/rules/strategies", {
    headers: bearer(token),
    data: {
      strategy_name: `Demo wheel ${w}`,
      strategy_type: "wheel-of-fortune",
      strategy_subtype: "wheel-of-fortune",
      product_hierarchy_level_id: "discount-leaflet",
      segments: ["all_customers"],
      rules: discounts.map((d, i) => ({
        rule_type: "discount-leaflet",
        positions: [i],
        values: [{ column_name: "discount_id", comparator: "=", value: d.discount_id }],
      })),
    },
  });
  expect(strategy.status(), await strategy.text()).toBe(201);
  const touchpoint = await request.post("/api/latest/touchpoint-studio/rules/touchpoints", {
    headers: bearer(token),
    data: {
      touchpoint_name: `Demo wheel ${w}`,
      touchpoint_type: "wheel-of-fortune",
      position: (await positions.json()).positions[0].position_id,
      default_strategy: (await strategy.json()).strategy_id,
      number_of_positions: 4,
      is_active: true,
    },
  });
  expect(touchpoint.status(), await touchpoint.text()).toBe(201);
  const touchpointId = (await touchpoint.json()).touchpoint_id as string;
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/api/latest/touchpoint-studio/rules/touchpoints/${touchpointId}`, {
              headers: bearer(token),
            })
          ).json()
        ).is_ready,
      { timeout: 45_000 },
    )
    .toBe(true);
  const promotion = await request.post("/api/latest/touchpoint-studio/promotions/sms/config", {
    headers: bearer(token),
    data: {
      touchpoint_id: touchpointId,
      promotion_base_url: "https://shop.example.com/redeem",
      config: [{ message_type: "successful-attempt", message_template: "You won {promotion_long_name}: {link}" }],
    },
  });
  expect(promotion.status(), await promotion.text()).toBe(200);

  await page.goto(storeUrl());
  const frame = page.frameLocator('[data-testid="demo-wheel"] iframe[title="Wheel of fortune"]');
  await expect(page.getByTestId("demo-wheel")).toHaveAttribute("data-lumen-state", "ready");
  // The wheel page itself, framed (not refused by its frame-ancestors): its slices and its button
  // (or, when this day's link was spun already, its result).
  await expect(frame.getByTestId("wheel-slice-0")).toBeVisible();
  await expect(
    frame.getByRole("button", { name: "Spin the wheel" }).or(frame.getByTestId("wheel-already")),
  ).toBeVisible();
});
