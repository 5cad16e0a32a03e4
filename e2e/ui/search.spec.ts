import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken } from "../support/api";

test.use({ storageState: storageStatePath("user") });

/** A made-up word no other test or run uses: letters only, so the search sees one word. */
const word = () => `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

/**
 * Items named with the word, and a smart-search touchpoint whose strategy explains its matches
 * and drops items matching less than 60 (so an item matching one word of two is left out).
 */
async function seed(request: APIRequestContext, w: string) {
  const writer = await passwordToken(request, "advanced@example.com");
  const items = [
    { item_id: `${w}-1`, item_name: `${w} Walnut Desk`, product_price: 250 },
    { item_id: `${w}-2`, item_name: `${w} Walnut Bookshelves`, product_price: 180 },
    { item_id: `${w}-3`, item_name: `${w} Maple Desk Lamp`, product_price: 40 },
  ];
  const seeded = await request.post("/api/latest/data/items", { headers: bearer(writer), data: { items } });
  expect(seeded.status(), await seeded.text()).toBe(200);

  const token = await passwordToken(request, "marketer@example.com");
  const positions = await request.get("/api/latest/touchpoint-studio/rules/position", { headers: bearer(token) });
  const positionId = (await positions.json()).positions[0].position_id as string;
  const value = (column_name: string, v: string | number) => ({ column_name, comparator: "=", value: v });
  const strategy = await request.post("/api/latest/touchpoint-studio/rules/strategies", {
    headers: bearer(token),
    data: {
      strategy_name: `Search ${w}`,
      strategy_type: "smart-search",
      strategy_subtype: "search-bar",
      segments: ["all_customers"],
      rules: [
        {
          rule_type: "ai-search",
          positions: [],
          values: [
            value("tenant_id", "default"),
            value("filter_columns", "item_id,item_name,matched_words"),
            value("limit", 10),
            value("match_score", 60),
          ],
        },
      ],
    },
  });
  expect(strategy.status(), await strategy.text()).toBe(201);
  const touchpoint = await request.post("/api/latest/touchpoint-studio/rules/touchpoints", {
    headers: bearer(token),
    data: {
      touchpoint_name: `Search bar ${w}`,
      touchpoint_type: "smart-search",
      is_active: true,
      position: positionId,
      default_strategy: (await strategy.json()).strategy_id,
      number_of_positions: 0,
    },
  });
  expect(touchpoint.status(), await touchpoint.text()).toBe(201);
  return (await touchpoint.json()).touchpoint_id as string;
}

test("search preview: results change as you type, with scores and the words that matched", async ({
  page,
  request,
}) => {
  const w = word();
  const touchpointId = await seed(request, w);

  await page.goto("/touchpoints/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await page.getByLabel("Touchpoint", { exact: true }).selectOption(touchpointId);
  const input = page.getByLabel("Search", { exact: true });
  const results = page.getByTestId("search-results");

  // The made-up word alone: all three items, every one an exact match.
  await input.fill(w);
  await expect(page.getByTestId("search-count")).toHaveText(`3 items for “${w}”`);
  await expect(results.getByRole("row")).toHaveCount(4); // header + 3

  // More words narrow it: "desk" in any order finds the desk and the desk lamp, the shelves drop out.
  await input.fill(`desk ${w}`);
  await expect(page.getByTestId("search-count")).toHaveText(`2 items for “desk ${w}”`);
  const desk = page.getByTestId(`search-result-${w}-1`);
  await expect(desk).toBeVisible();
  await expect(desk.getByTestId("search-result-match")).toHaveText("100.0");
  await expect(desk.locator("mark")).toHaveText([w, "Desk"]);
  await expect(page.getByTestId(`search-result-${w}-2`)).toHaveCount(0);

  // A prefix of an unfinished word and a plural: the shelves come first, the prefix marked.
  await input.fill(`${w} walnut bookshel`);
  const first = results.getByRole("row").nth(1);
  await expect(first).toHaveAttribute("data-testid", `search-result-${w}-2`);
  await expect(first.locator("mark")).toContainText(["Walnut", "Bookshelves"]);
  const score = Number(await first.getByTestId("search-result-match").textContent());
  expect(score).toBeLessThan(100);
  expect(score).toBeGreaterThan(80);

  // A typo still finds the lamp.
  await input.fill(`${w} mapel lamp`);
  await expect(results.getByRole("row").nth(1)).toHaveAttribute("data-testid", `search-result-${w}-3`);

  // Nothing matches: said plainly.
  const nothing = word();
  await input.fill(nothing);
  await expect(page.getByTestId("search-count")).toHaveText(`No items match “${nothing}”.`);

  // The shop's own searches make the report; the studio's previews do not.
  const token = await passwordToken(request, "marketer@example.com");
  for (const term of [nothing, `desk ${w}`]) {
    const url = `/api/latest/touchpoint-studio/touchpoints/${touchpointId}/content?${new URLSearchParams({ term })}`;
    expect((await request.get(url, { headers: bearer(token) })).status()).toBe(200);
  }
  await page.getByLabel("Only the touchpoint above").check();
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByTestId("no-result-searches")).toContainText(nothing, { timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId("top-searches")).toContainText(`desk ${w}`);
  await expect(page.getByTestId("top-searches")).not.toContainText("bookshel");
});
