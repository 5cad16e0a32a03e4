/**
 * The API reference on a phone (issue 22): at 375 px wide the page does not scroll sideways (long
 * paths are cut with an ellipsis, long words wrap, code blocks scroll inside themselves), and an
 * operation's error responses name the codes it answers (lib/openapi/error-codes.ts).
 */
import { expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";

test.use({ storageState: storageStatePath("user"), viewport: { width: 375, height: 812 } });

test("/docs fits a 375 px wide screen, with no horizontal page scroll", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.screen).toBe(375);
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.body).toBeLessThanOrEqual(widths.screen);
  // Nothing sticks out beyond the screen unless a box that scrolls by itself holds it.
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsItself = (el: Element | null): boolean => {
      for (let p = el?.parentElement; p; p = p.parentElement) {
        if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !scrollsItself(el))
      .slice(0, 5)
      .map((el) => `${el.tagName} ${(el.textContent ?? "").slice(0, 60)}`);
  });
  expect(outside).toEqual([]);
});

test("an operation's error responses name their codes", async ({ page }) => {
  await page.goto("/docs#deleteTouchpointStudioRulesPositionsPositionId");
  const operation = page.locator("article#deleteTouchpointStudioRulesPositionsPositionId");
  await expect(operation).toContainText(/Conflict\. Codes here: [a-z_, ]*\bin_use/);
  await expect(operation).toContainText(/Not Found\. Codes here: not_found/);
});
