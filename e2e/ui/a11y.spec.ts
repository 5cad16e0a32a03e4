/**
 * WCAG 2.2 AA on every studio page, checked by axe (the WCAG 2.0/2.1/2.2 A and AA rules) in the
 * states a marketer meets: empty, filled with data, a dialog or a picker open, an error shown.
 * Any violation fails the test and names the rule and the elements.
 *
 * The pages (each page.tsx under app/(studio)): /data, /docs, /touchpoints (+ /new, /[id],
 * /positions, /search, /strategies, /strategies/new, /strategies/[id]), /audiences (+
 * /[audience_id]), /campaigns (+ /new, /[id], /[id]/edit, /[id]/report, /templates, /suppressions),
 * /approvals, /outbox, /settings (+ /audit-log, /password); and the sign-in page. The public wheel page
 * (/w/[token]) is the shop's, not the studio's; e2e/ui/wheel.spec.ts covers it.
 */

import { randomInt } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, sep } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is now; `state` names what is on screen, for the failure message.
 * The sandboxed frames that draw an e-mail's HTML (components/campaigns/email-frame.tsx) are left
 * out: their content is the shop's own e-mail, not the studio, and axe's run inside a frame with
 * sandbox="" (no scripts) never returned in Chromium, holding the test until its timeout.
 */
async function expectAccessible(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude("iframe[sandbox]").analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(" ")}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ")}]` : ""}`)
        .join("; ")}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ""}`,
  );
  expect(found, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

async function visit(page: Page, path: string, ready: Locator | string) {
  await page.goto(path);
  const target = typeof ready === "string" ? page.getByRole("heading", { level: 1, name: ready }) : ready;
  await expect(target.first()).toBeVisible();
}

async function post(request: APIRequestContext, token: string, path: string, data: unknown, method = "POST") {
  const res = await request.fetch(`/api/latest${path}`, { method, headers: bearer(token), data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Local timestamps the API takes (YYYY-MM-DDTHH:MM:SS), `days` from now. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19);

/** Customers of a segment of their own (with phones and consent) and a few items they bought. */
async function seedShop(request: APIRequestContext, p: string) {
  const token = await passwordToken(request, "advanced@example.com");
  const segment = `A11y ${p}`;
  await post(request, token, "/data/customers", {
    customers: Array.from({ length: 4 }, (_, i) => ({
      customer_id: `${p}-c${i}`,
      first_name: `Ada${i}`,
      last_name: "Synthetic",
      city: `Town ${p}`,
      age: 30 + i * 5,
      segment_id: `${p}-seg`,
      segment_name: segment,
      // Czech mobile numbers (+420 7xx xxx xxx), new on every run.
      phone_number: `+420${770_000_000 + randomInt(0, 999_999) * 10 + i}`,
      sms_consent: true,
    })),
  });
  await post(request, token, "/data/items", {
    items: [1, 2, 3].map((n) => ({
      item_id: `${p}-i${n}`,
      item_name: `Lamp ${n} ${p}`,
      product_price: 10 + n,
      currency: "EUR",
    })),
  });
  await post(request, token, "/data/events", {
    events: [1, 2, 3].map((n) => ({
      event_type: "purchase",
      customer_id: `${p}-c${n}`,
      item_id: `${p}-i${n}`,
      quantity: 10 - n,
      price: 10 + n,
      order_id: `${p}-o${n}`,
      timestamp: inDays(-1),
    })),
  });
  return { token, segment };
}

/** Every studio page (page.tsx under app/(studio)) -> the test below that checks it. */
const CHECKED: Record<string, string> = {
  "/": "data, the outbox, ... (the home sends on to /data)",
  "/data": "data, the outbox, ...",
  "/docs": "the API reference",
  "/outbox": "data, the outbox, ...; campaigns (with messages)",
  "/settings/password": "data, the outbox, ...",
  "/settings": "data, the outbox, ... (refused); settings",
  "/settings/audit-log": "data, the outbox, ... (refused); settings",
  "/approvals": "data, the outbox, ... (refused); campaigns",
  "/audiences": "the audience builder",
  "/audiences/[audience_id]": "the audience builder",
  "/touchpoints": "touchpoints",
  "/touchpoints/new": "touchpoints",
  "/touchpoints/[id]": "touchpoints",
  "/touchpoints/positions": "touchpoints",
  "/touchpoints/search": "touchpoints",
  "/touchpoints/strategies": "touchpoints",
  "/touchpoints/strategies/new": "touchpoints",
  "/touchpoints/strategies/[id]": "touchpoints",
  "/campaigns": "campaigns",
  "/campaigns/new": "campaigns",
  "/campaigns/[campaign_id]": "campaigns",
  "/campaigns/[campaign_id]/edit": "campaigns",
  "/campaigns/[campaign_id]/report": "campaigns",
  "/campaigns/templates": "e-mail templates and suppressions",
  "/campaigns/suppressions": "e-mail templates and suppressions",
};

test("every studio page has its check here", () => {
  const dir = join("app", "(studio)");
  const routes = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f === "page.tsx" || f.endsWith(`${sep}page.tsx`))
    .map((f) => `/${join(dir, f).split(sep).slice(2, -1).join("/")}`);
  // A new page fails here until a test below checks it and CHECKED names it.
  expect(routes.sort()).toEqual(Object.keys(CHECKED).sort());
});

test.describe.configure({ mode: "parallel" });

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page, empty and with an error", async ({ page }) => {
    // An address of its own, so the failed attempt counts against nobody else's throttle.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
    await visit(page, "/sign-in", page.getByRole("button", { name: "Sign in" }));
    await expectAccessible(page, "the sign-in page");
    await page.getByLabel("E-mail").fill(`${unique("nobody")}@example.com`);
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectAccessible(page, "the sign-in page with an error");
  });
});

test.describe("as a marketer", () => {
  test.use({ storageState: storageStatePath("user") });

  test("the API reference", async ({ page }) => {
    // Thousands of elements: axe takes its time here.
    test.setTimeout(400_000);
    await visit(page, "/docs", "API reference");
    await expectAccessible(page, "the API reference");
  });

  test("data, the outbox, the password page and the pages a marketer may not use", async ({ page }) => {
    test.setTimeout(180_000);
    // The studio's home is the data page.
    await visit(page, "/", "Data");
    await expect(page).toHaveURL(/\/data$/);
    await expectAccessible(page, "the data page");
    await visit(page, "/outbox", "Outbox");
    await expectAccessible(page, "the outbox");

    await visit(page, "/settings/password", "Change password");
    await expectAccessible(page, "the password page");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "the password page with errors");

    for (const [path, title] of [
      ["/settings", "403 — Settings are for super users"],
      ["/settings/audit-log", "403 — The audit log is for super users"],
      ["/approvals", "403 — Approvals are for advanced and super users"],
    ] as const) {
      await visit(page, path, title);
      await expectAccessible(page, `${path} refused to a marketer`);
    }
  });

  test("the audience builder: empty, a picker open, filled with its funnel, an error; the audience's page", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const p = unique("a11y-aud");
    const { segment } = await seedShop(request, p);

    await visit(page, "/audiences", "Audiences");
    await expectAccessible(page, "the audience builder, empty");

    const values = page.getByRole("combobox", { name: "Values of filter 1.1" });
    await values.fill(p);
    await expect(page.getByRole("option", { name: new RegExp(segment) })).toBeVisible();
    await expectAccessible(page, "the audience builder with the segment picker open");
    await page.getByRole("option", { name: new RegExp(segment) }).click();
    await expect(page.getByTestId("funnel-bar")).toHaveCount(1);
    await expect(page.getByTestId("audience-size")).toHaveText("Audience size: 4");
    await expectAccessible(page, "the audience builder with a filter and its funnel");

    // A name over 200 characters: the server's 422 is shown.
    await page.getByLabel("Name", { exact: true }).fill("n".repeat(201));
    await page.getByRole("button", { name: "Create audience" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectAccessible(page, "the audience builder with an error");

    await page.getByLabel("Name", { exact: true }).fill(`Audience ${p}`);
    await page.getByRole("button", { name: "Create audience" }).click();
    await expect(page).toHaveURL(/\/audiences\/audience-id-[0-9a-f]{32}$/, { timeout: 30_000 });
    await expect(page.getByText(`${p}-c0`)).toBeVisible();
    await expectAccessible(page, "an audience's page with its members");
  });
});

test.describe("as an advanced user", () => {
  test.use({ storageState: storageStatePath("advanced") });

  test("touchpoints, positions, search, strategies and the strategy editor in their states", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const p = unique("a11y-tp");
    const { token } = await seedShop(request, p);
    const strategy = await post(request, token, "/touchpoint-studio/rules/strategies", {
      strategy_name: `Best ${p}`,
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [
        { rule_type: "selected-products", positions: [0], values: [{ column_name: "item_id", value: `${p}-i1` }] },
        {
          rule_type: "best-sellers",
          positions: [1, 2],
          values: [{ column_name: "item_name", comparator: "contains", value: p }],
        },
      ],
    });
    const positions = await (
      await request.get("/api/latest/touchpoint-studio/rules/positions?limit=100", { headers: bearer(token) })
    ).json();
    const touchpoint = await post(request, token, "/touchpoint-studio/rules/touchpoints", {
      touchpoint_name: `Carousel ${p}`,
      touchpoint_type: "smart-recommender",
      position: positions.positions[0].position_id,
      default_strategy: strategy.strategy_id,
      number_of_positions: 4,
      is_active: true,
      is_draft: false,
    });

    await visit(page, `/touchpoints?q=${encodeURIComponent(p)}`, "Touchpoints");
    await expect(page.getByRole("link", { name: `Carousel ${p}` })).toBeVisible();
    await expectAccessible(page, "the touchpoints list");
    await visit(page, "/touchpoints/positions", page.getByText("Home page carousel"));
    await expectAccessible(page, "the positions list");
    await visit(page, "/touchpoints/search", "Search");
    await expectAccessible(page, "the search preview");
    await visit(page, `/touchpoints/strategies`, page.getByRole("link", { name: `Best ${p}` }));
    await expectAccessible(page, "the strategies list");

    // The touchpoint's page once calculated: the carousel preview, its cards and their placeholders.
    await visit(page, `/touchpoints/${touchpoint.touchpoint_id}`, page.getByTestId("touchpoint-name"));
    await expect(page.getByTestId("ready")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("preview-card").first()).toBeVisible();
    await expectAccessible(page, "a touchpoint with its preview");

    await visit(page, "/touchpoints/new", "New touchpoint");
    await expectAccessible(page, "the new touchpoint form");
    await page.getByRole("button", { name: "Create touchpoint" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "the new touchpoint form with errors");

    // The strategy editor: empty, two rules with a rule selected, an error from the server.
    await visit(page, "/touchpoints/strategies/new", page.getByTestId("slot-strip"));
    await expectAccessible(page, "the strategy editor, new");
    await page.getByLabel("Name").fill(`Broken ${p}`);
    await page.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByRole("button", { name: "Assign slots to rule #1" })).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("slot-3").click();
    await expect(page.getByTestId("slot-3")).toHaveAttribute("data-rule", "1");
    await expectAccessible(page, "the strategy editor with two rules, one selected");
    await page.getByTestId("rule-0").getByLabel("Rule #0 kind").selectOption("selected-products");
    await page.getByRole("button", { name: "Create strategy" }).click();
    await expect(page.getByTestId("rule-0").getByRole("alert")).toBeVisible();
    await expectAccessible(page, "the strategy editor with the server's error");

    await visit(page, `/touchpoints/strategies/${strategy.strategy_id}`, page.getByTestId("slot-strip"));
    await expect(page.getByLabel("Name")).toHaveValue(`Best ${p}`);
    await expectAccessible(page, "a stored strategy");
  });

  test("campaigns: list, editor (empty, picker open, groups, errors), campaign, approvals, report, outbox", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const p = unique("a11y-cmp");
    const { token: advancedToken, segment } = await seedShop(request, p);
    const marketerToken = await passwordToken(request, "marketer@example.com");
    const name = `Accessible offer ${p}`;
    const created = await post(request, marketerToken, "/campaigning-studio/campaignings/", {
      campaign_name: name,
      audiences: [`${p}-seg`],
      audiences_type: "GENERIC",
      channel_type: "sms",
      is_abc: true,
      campaign_details: ["A", "B"].map((g) => ({
        abc_audience_percent: 50,
        channel_message_text: `Hi {ph_customer.first_name}, group ${g} (${p})`,
        start_time: inDays(1),
        end_time: inDays(2),
      })),
    });
    const id = encodeURIComponent(created.campaign_details[0].campaign_id);

    await visit(page, "/campaigns", "Campaigns");
    await page.getByLabel("Search campaigns").fill(p);
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expectAccessible(page, "the campaign list");

    // The editor: empty, the audience picker open, two groups, errors after a submit.
    await visit(page, "/campaigns/new", "New campaign");
    await expect(page.getByRole("tab", { name: /Group A/ })).toBeVisible();
    await expectAccessible(page, "the campaign editor, empty");
    await page.getByLabel("Channel", { exact: true }).selectOption({ label: "SMS" });
    await page.getByRole("combobox", { name: "Segments" }).fill(p);
    await expect(page.getByRole("option", { name: new RegExp(segment) })).toBeVisible();
    await expectAccessible(page, "the campaign editor with the segment picker open");
    await page.getByRole("option", { name: new RegExp(segment) }).click();
    await expect(page.getByTestId("audience-reach")).toContainText("4 customers");
    await page.getByRole("button", { name: "+ Add group" }).click();
    await expect(page.getByRole("tab", { name: /Group B/ })).toHaveAttribute("aria-selected", "true");
    // In a text field: the placeholder buttons are enabled.
    await page.getByLabel("SMS text (group B)").click();
    await expect(page.getByTestId("placeholder-bar").getByRole("button").first()).toBeEnabled();
    await expectAccessible(page, "the campaign editor with a segment and two groups");
    await page.getByRole("button", { name: "Create campaign" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "the campaign editor with errors");

    await visit(page, `/campaigns/${id}`, page.getByTestId("campaign-status"));
    await expect(page.getByTestId("group-card-B")).toBeVisible();
    await expectAccessible(page, "a campaign");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "a campaign with the delete dialog open");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await visit(page, `/campaigns/${id}/edit`, "Edit campaign");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expectAccessible(page, "the campaign editor, a stored campaign");

    // Approved from the queue (the confirmation open), sent now, then its report and the outbox.
    await visit(page, "/approvals", "Approvals");
    await page.getByLabel("Search campaigns waiting").fill(p);
    const item = page.getByTestId("approval-item").filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expectAccessible(page, "the approval queue with a campaign");
    await item.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: `Approve “${name}”?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "the approval's confirmation");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(item).toHaveCount(0);
    await post(request, advancedToken, "/campaigning-studio/campaignings/send-instant", {
      campaign_id: created.campaign_details[0].campaign_id,
    });
    await expect
      .poll(
        async () =>
          (
            await (
              await request.get(`/api/latest/campaigning-studio/campaignings/${id}`, {
                headers: bearer(advancedToken),
              })
            ).json()
          ).status,
        { timeout: 90_000 },
      )
      .toBe("Sent");
    await visit(page, `/campaigns/${id}/report`, page.getByTestId("report-table"));
    await expectAccessible(page, "a sent campaign's delivery report");
    await visit(page, "/outbox?channel=sms", page.getByTestId("outbox-message").filter({ hasText: p }));
    await expectAccessible(page, "the outbox with messages");
  });

  test("e-mail templates and suppressions: lists, forms and their errors", async ({ page, request }) => {
    test.setTimeout(180_000);
    const p = unique("a11y-tpl");
    const token = await passwordToken(request, "advanced@example.com");
    await post(request, token, "/campaigning-studio/templates", {
      name: `Template ${p}`,
      html: "<html><body><p>Hello {ph_customer.first_name}</p></body></html>",
    });
    await post(request, token, "/campaigning-studio/suppressions", {
      channel: "email",
      address: `${p}@example.com`,
      note: p,
    });

    await visit(page, "/campaigns/templates", "E-mail templates");
    await page.getByLabel("Search templates").fill(p);
    await expect(page.getByText(`Template ${p}`).first()).toBeVisible();
    await expectAccessible(page, "the template list");
    await page.getByRole("button", { name: "New template" }).click();
    await page.getByRole("button", { name: "Create template" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "a new template with errors");

    await visit(page, "/campaigns/suppressions", "Suppressions");
    await page.getByLabel("Search by address").fill(`${p}@example.com`);
    await expect(page.getByText(`${p}@example.com`)).toBeVisible();
    await expectAccessible(page, "the suppression list");
    await page.getByLabel("Address", { exact: true }).fill("not an address");
    await page.getByRole("button", { name: /^Suppress/ }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "the suppression form with an error");
  });
});

test.describe("as a super user", () => {
  test.use({ storageState: storageStatePath("super") });

  test("settings: users, API clients, their forms with errors, a password reset open; the audit log", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await visit(page, "/settings", "Settings");
    await expect(page.getByTestId("users-table")).toBeVisible();
    await expectAccessible(page, "the settings page");
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByRole("button", { name: "Create API client" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await page.getByRole("button", { name: "Reset password of marketer@example.com" }).click();
    await expect(page.getByLabel("New password for marketer@example.com")).toBeVisible();
    await expectAccessible(page, "the settings page with errors and a password reset open");

    await visit(page, "/settings/audit-log", "Audit log");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await expectAccessible(page, "the audit log");
  });
});
