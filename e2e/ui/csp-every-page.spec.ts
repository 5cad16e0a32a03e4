/**
 * No page reports a Content-Security-Policy violation: every page.tsx under app/ (the studio's,
 * including those of one object, the forced password change, setup, sign-in and the public
 * wheel) is opened in Chromium under its nonce policy, and the console and the
 * securitypolicyviolation event stay silent. The pages are read from app/, so a page added
 * without an entry in PAGES fails the first test. (security-headers.spec.ts checks the headers
 * themselves and that the main pages hydrate.)
 */
import { readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

type Fixtures = { touchpoint: string; strategy: string; audience: string; campaign: string };

/** Every page's route (as app/ spells it) -> the URL opened for it, and who opens it. */
const PAGES: Record<string, { path: (f: Fixtures) => string; as: "super" | "signed out" | "must change" }> = {
  "/": { path: () => "/", as: "super" },
  "/approvals": { path: () => "/approvals", as: "super" },
  "/audiences": { path: () => "/audiences", as: "super" },
  "/audiences/[audience_id]": { path: (f) => `/audiences/${f.audience}`, as: "super" },
  "/campaigns": { path: () => "/campaigns", as: "super" },
  "/campaigns/new": { path: () => "/campaigns/new", as: "super" },
  "/campaigns/[campaign_id]": { path: (f) => `/campaigns/${f.campaign}`, as: "super" },
  "/campaigns/[campaign_id]/edit": { path: (f) => `/campaigns/${f.campaign}/edit`, as: "super" },
  "/campaigns/[campaign_id]/report": { path: (f) => `/campaigns/${f.campaign}/report`, as: "super" },
  "/campaigns/suppressions": { path: () => "/campaigns/suppressions", as: "super" },
  "/campaigns/templates": { path: () => "/campaigns/templates", as: "super" },
  "/data": { path: () => "/data", as: "super" },
  "/docs": { path: () => "/docs", as: "super" },
  "/outbox": { path: () => "/outbox", as: "super" },
  "/settings": { path: () => "/settings", as: "super" },
  "/settings/audit-log": { path: () => "/settings/audit-log", as: "super" },
  "/settings/password": { path: () => "/settings/password", as: "super" },
  "/touchpoints": { path: () => "/touchpoints", as: "super" },
  "/touchpoints/new": { path: () => "/touchpoints/new", as: "super" },
  "/touchpoints/[id]": { path: (f) => `/touchpoints/${f.touchpoint}`, as: "super" },
  "/touchpoints/positions": { path: () => "/touchpoints/positions", as: "super" },
  "/touchpoints/search": { path: () => "/touchpoints/search", as: "super" },
  "/touchpoints/strategies": { path: () => "/touchpoints/strategies", as: "super" },
  "/touchpoints/strategies/new": { path: () => "/touchpoints/strategies/new", as: "super" },
  "/touchpoints/strategies/[id]": { path: (f) => `/touchpoints/strategies/${f.strategy}`, as: "super" },
  "/change-password": { path: () => "/change-password", as: "must change" },
  // With users present it sends the visitor on to /sign-in: both load under the policy.
  "/setup": { path: () => "/setup", as: "signed out" },
  "/sign-in": { path: () => "/sign-in", as: "signed out" },
  // An unknown link: the wheel page's own "not found" answer, under the same policy.
  "/w/[token]": { path: () => "/w/not-a-wheel-token", as: "signed out" },
  // The demo store: its scripts (the widgets with their key) run under the page's nonce.
  "/demo-store": { path: () => "/demo-store", as: "signed out" },
  "/demo-store/p/[item_id]": { path: () => "/demo-store/p/not-an-item", as: "signed out" },
};

/** Every page.tsx under app/ as its route: route groups such as (studio) dropped. */
function pageRoutes(): string[] {
  const files = readdirSync("app", { recursive: true, encoding: "utf8" }).filter(
    (f) => f === "page.tsx" || f.endsWith(`${sep}page.tsx`),
  );
  return files
    .map((f) => {
      const segments = join("app", f).split(sep).slice(1, -1);
      return `/${segments.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
    })
    .sort();
}

/** Collects CSP violations: the DOM event and Chromium's console message, from before any script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text)) violations.push(text);
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

async function post(request: APIRequestContext, token: string, path: string, data: unknown, method = "POST") {
  const res = await request.fetch(`/api/latest${path}`, { method, headers: bearer(token), data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** One object of each kind a page shows, made through the API. */
async function makeFixtures(request: APIRequestContext, p: string): Promise<Fixtures> {
  const token = await passwordToken(request, "advanced@example.com");
  await post(request, token, "/data/customers", {
    customers: [{ customer_id: `${p}-c`, city: `Town ${p}`, segment_id: `${p}-seg`, segment_name: `CSP ${p}` }],
  });
  await post(request, token, "/data/items", {
    items: [{ item_id: `${p}-i`, item_name: `Lamp ${p}`, product_price: 9 }],
  });
  const strategy = await post(request, token, "/touchpoint-studio/rules/strategies", {
    strategy_name: `CSP ${p}`,
    strategy_type: "smart-recommender",
    strategy_subtype: "carousel",
    segments: ["all_customers"],
    rules: [{ rule_type: "selected-products", positions: [0], values: [{ column_name: "item_id", value: `${p}-i` }] }],
  });
  const positions = await (
    await request.get("/api/latest/touchpoint-studio/rules/positions?limit=100", { headers: bearer(token) })
  ).json();
  const touchpoint = await post(request, token, "/touchpoint-studio/rules/touchpoints", {
    touchpoint_name: `CSP ${p}`,
    touchpoint_type: "smart-recommender",
    position: positions.positions[0].position_id,
    default_strategy: strategy.strategy_id,
    number_of_positions: 1,
  });
  const audience = await post(request, token, "/customer-studio/audiences", {
    audience_name: `CSP ${p}`,
    status: "draft",
    filters: [
      {
        filter_group: "demographics",
        filter_group_order: 0,
        next_group_connector: "AND",
        values: [{ filter_name: "city", filter_type: "IN", filter_order: 0, filter_values: [`Town ${p}`] }],
      },
    ],
  });
  const campaign = await post(request, token, "/campaigning-studio/campaignings/", {
    campaign_name: `CSP ${p}`,
    audiences: [`${p}-seg`],
    audiences_type: "GENERIC",
    channel_type: "sms",
    is_abc: false,
    campaign_details: [
      {
        abc_audience_percent: 100,
        channel_message_text: `Hello (${p})`,
        start_time: "2099-01-01T10:00:00",
        end_time: "2099-01-02T10:00:00",
      },
    ],
  });
  return {
    touchpoint: touchpoint.touchpoint_id,
    strategy: strategy.strategy_id,
    audience: audience.audience_id,
    campaign: encodeURIComponent(campaign.campaign_details[0].campaign_id),
  };
}

/** A page signed in as a user whose password a super user just set (the studio sends them to /change-password). */
async function mustChangePage(browser: Browser, request: APIRequestContext, p: string): Promise<Page> {
  const superToken = await passwordToken(request, "super@example.com");
  const email = `${p}@example.com`;
  const user = await post(request, superToken, "/settings/users", {
    email,
    password: `${DEMO_PASSWORD}-${p}`,
    role: "user",
  });
  const temporary = `temporary ${p}`;
  await post(request, superToken, `/settings/users/${user.id}/password`, { new_password: temporary }, "PUT");
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(temporary);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  return page;
}

test("every page under app/ has an entry here", () => {
  expect(pageRoutes()).toEqual(Object.keys(PAGES).sort());
});

test("no page reports a CSP violation, whoever opens it", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const p = unique("csp");
  const fixtures = await makeFixtures(request, p);
  const pages = {
    super: await (await browser.newContext({ storageState: storageStatePath("super") })).newPage(),
    "signed out": await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage(),
    "must change": await mustChangePage(browser, request, p),
  };
  const seen: Record<string, string[]> = {};
  for (const [who, page] of Object.entries(pages)) seen[who] = await watchViolations(page);

  const problems: string[] = [];
  for (const [route, entry] of Object.entries(PAGES)) {
    const page = pages[entry.as];
    const violations = seen[entry.as]!;
    violations.length = 0;
    const response = await page.goto(entry.path(fixtures));
    await page.waitForLoadState("networkidle");
    const status = response?.status() ?? 0;
    const csp = (await response?.allHeaders())?.["content-security-policy"] ?? "";
    if (status >= 500 || status === 0) problems.push(`${route}: answered ${status}`);
    if (!/'nonce-[A-Za-z0-9+/=]+'/.test(csp)) problems.push(`${route}: no nonce policy (${csp || "none"})`);
    if (violations.length > 0) problems.push(`${route} (${entry.as}): ${violations.join(" | ")}`);
  }
  expect(problems).toEqual([]);
  for (const page of Object.values(pages)) await page.context().close();
});
