/**
 * The three editors a marketer spends most time in, operated with the keyboard only: no click, no
 * fill; the focus moves with Tab and Shift+Tab, text is typed, choices are made with the arrow
 * keys, Enter and Space. The campaign editor's groups follow the WAI-ARIA tabs pattern: one Tab
 * stop, the arrows (wrapping), Home and End move between them, the add button is outside the
 * tablist; its errors show once a field was left or the form submitted, not on a fresh form.
 */
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (Shift+Tab with back) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 150, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  expect(await isFocused(target), `${target} reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`).toBe(true);
}

/** Moves a focused <select> with the arrow keys (Home first) until it holds the value. */
async function arrowSelect(page: Page, select: Locator, value: string) {
  await page.keyboard.press("Home");
  for (let i = 0; i < 40 && (await select.inputValue()) !== value; i++) await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue(value);
}

async function seedCustomers(page: Page, p: string) {
  const token = await passwordToken(page.request, "advanced@example.com");
  const customers = [...[1, 2, 3].map((i) => ({ city: `Town ${p}`, i })), { city: `Village ${p}`, i: 4 }].map(
    ({ city, i }) => ({
      customer_id: `${p}-${i}`,
      first_name: `Kim${i}`,
      segment_id: `${p}-seg`,
      segment_name: `Keys ${p}`,
      city,
      phone_number: `+420${770_000_000 + randomInt(0, 999_999) * 10 + i}`,
      sms_consent: true,
    }),
  );
  const res = await page.request.post("/api/latest/data/customers", { headers: bearer(token), data: { customers } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("as a marketer", () => {
  test.use({ storageState: storageStatePath("user") });

  test("the campaign editor with keys only: the group tabs, errors once touched, a two-group campaign", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const p = unique("keys-cmp");
    await seedCustomers(page, p);
    await page.goto("/campaigns/new");
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toBeVisible();
    // A fresh campaign shows no error, on its fields or its group tabs.
    await expect(page.getByText("(has errors)")).toHaveCount(0);
    await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);

    // Leaving the name empty shows its error, there only; typing it clears it.
    await tabTo(page, name);
    await page.keyboard.press("Tab");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("[aria-invalid=true]")).toHaveCount(1);
    await expect(page.getByText("(has errors)")).toHaveCount(0);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type(`Keys ${p}`);
    await expect(name).not.toHaveAttribute("aria-invalid", "true");

    const channel = page.getByLabel("Channel", { exact: true });
    await tabTo(page, channel);
    await arrowSelect(page, channel, "sms");
    await tabTo(page, page.getByRole("combobox", { name: "Segments" }));
    await page.keyboard.type(p);
    await expect(page.getByRole("option", { name: new RegExp(`Keys ${p}`) })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("audience-reach")).toContainText("4 customers");
    await tabTo(page, page.getByLabel("SMS text (group A)"));
    await page.keyboard.type("Hi {ph_customer.first_name} (A)");

    // The add button is the Tab stop after the tablist, outside it.
    const add = page.getByRole("button", { name: "+ Add group" });
    await expect(page.getByRole("tablist", { name: "Groups" }).getByRole("button")).toHaveCount(0);
    // A group added: the focus goes to its tab (announced, selected); the next Tab is the add button.
    const tab = (letter: string) => page.getByRole("tab", { name: new RegExp(`^Group ${letter} `) });
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    await expect(tab("B")).toBeFocused();
    await expect(tab("B")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(add).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("tab")).toHaveCount(3);
    await expect(tab("C")).toBeFocused();
    // Nothing typed in B or C yet: no error shows for them.
    await expect(page.getByText("(has errors)")).toHaveCount(0);

    // One Tab stop: the next one is the add button (disabled now: three groups at most, so
    // skipped) then the group's panel; back from there is the selected tab, one more leaves the tablist.
    await expect(add).toBeDisabled();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Share of the audience, group C (%)")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(tab("C")).toBeFocused();
    for (const letter of ["A", "B"]) await expect(tab(letter)).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("combobox", { name: "Segments" })).toBeFocused();
    // The picker's list opens on focus; Tab still goes on to the tab (not into the closing list).
    await page.keyboard.press("Tab");
    await expect(tab("C")).toBeFocused();

    // The arrows move and select, wrapping at both ends; Home and End go to the first and last.
    const steps: [string, string][] = [
      ["ArrowRight", "A"],
      ["ArrowRight", "B"],
      ["ArrowLeft", "A"],
      ["ArrowLeft", "C"],
      ["Home", "A"],
      ["End", "C"],
    ];
    for (const [key, letter] of steps) {
      await page.keyboard.press(key);
      await expect(tab(letter)).toBeFocused();
      await expect(tab(letter)).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: new RegExp(`^Group ${letter} `) })).toBeVisible();
    }

    // Group C goes again, from its panel; the focus goes to the tab shown instead.
    await tabTo(page, page.getByRole("button", { name: "Remove group C" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("tab")).toHaveCount(2);
    await expect(tab("B")).toHaveAttribute("aria-selected", "true");
    await expect(tab("B")).toBeFocused();

    // Submitted with group B's text empty: B's tab says it has errors, and its panel is shown.
    await page.keyboard.press("Home");
    await expect(tab("A")).toHaveAttribute("aria-selected", "true");
    const create = page.getByRole("button", { name: "Create campaign" });
    await tabTo(page, create);
    await page.keyboard.press("Enter");
    await expect(tab("B")).toContainText("(has errors)");
    await expect(tab("A")).not.toContainText("(has errors)");
    await expect(tab("B")).toHaveAttribute("aria-selected", "true");
    const textB = page.getByLabel("SMS text (group B)");
    await expect(textB).toHaveAttribute("aria-invalid", "true");
    await tabTo(page, textB, { back: true });
    await page.keyboard.type("{ph_customer.first_name}, free delivery (B)");
    await expect(tab("B")).not.toContainText("(has errors)");
    await tabTo(page, create);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/campaigns\/\d{8}_cn_keys_keys_cmp_[^/]+$/, { timeout: 30_000 });
    await expect(page.getByTestId("group-card-B")).toContainText("free delivery (B)");
  });

  test("the audience builder with keys only: pickers, a filter added and removed, created", async ({ page }) => {
    test.setTimeout(120_000);
    const p = unique("keys-aud");
    await seedCustomers(page, p);
    await page.goto("/audiences");
    await tabTo(page, page.getByLabel("Name", { exact: true }));
    await page.keyboard.type(`Keys audience ${p}`);

    // 1.1 is a segment: typed, the first match taken with Enter.
    await tabTo(page, page.getByRole("combobox", { name: "Values of filter 1.1" }));
    await page.keyboard.type(p);
    await expect(page.getByRole("option", { name: new RegExp(`Keys ${p}`) })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: `Remove Keys ${p}` })).toBeVisible();
    await expect(page.getByTestId("audience-size")).toHaveText("Audience size: 4");

    // 1.2, a city: added with Enter, its kind chosen with the arrows, a value with the arrows too.
    await tabTo(page, page.getByRole("button", { name: "Add filter" }));
    await page.keyboard.press("Enter");
    const kind = page.getByLabel("Filter 1.2", { exact: true });
    await tabTo(page, kind);
    await arrowSelect(page, kind, "city|customer");
    const cities = page.getByRole("combobox", { name: "Values of filter 1.2" });
    await tabTo(page, cities);
    await page.keyboard.type(`own ${p}`);
    const town = page.getByRole("option", { name: new RegExp(`Town ${p}`) });
    await expect(town).toBeVisible();
    // The arrows walk the options (the typed text itself is the last one) and wrap.
    const custom = page.getByRole("option", { name: `Add “own ${p}”` });
    await page.keyboard.press("ArrowDown");
    await expect(cities).toHaveAttribute("aria-activedescendant", (await custom.getAttribute("id")) ?? "");
    await page.keyboard.press("ArrowDown");
    await expect(cities).toHaveAttribute("aria-activedescendant", (await town.getAttribute("id")) ?? "");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("audience-size")).toHaveText("Audience size: 3");

    // Backspace in the empty box takes the city off again; a second pick puts it back.
    await page.keyboard.press("Backspace");
    await expect(page.getByRole("button", { name: `Remove Town ${p}` })).toHaveCount(0);
    await page.keyboard.type(`Village ${p}`);
    await expect(page.getByRole("option", { name: new RegExp(`Village ${p}`) })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("audience-size")).toHaveText("Audience size: 1");

    await tabTo(page, page.getByRole("button", { name: "Create audience" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/audiences\/audience-id-[0-9a-f]{32}$/, { timeout: 30_000 });
    await expect(page.getByText(`${p}-4`)).toBeVisible();
  });
});

test.describe("as an advanced user", () => {
  test.use({ storageState: storageStatePath("advanced") });

  test("the strategy editor with keys only: rule kinds, items, slots given with Enter and Space", async ({ page }) => {
    test.setTimeout(120_000);
    const p = unique("keys-str");
    await page.goto("/touchpoints/strategies/new");
    await tabTo(page, page.getByLabel("Name"));
    await page.keyboard.type(`Keys strategy ${p}`);

    const rule0 = page.getByTestId("rule-0");
    const kind0 = rule0.getByLabel("Rule #0 kind");
    await tabTo(page, kind0);
    await arrowSelect(page, kind0, "selected-products");
    await tabTo(page, rule0.getByRole("button", { name: "Add item" }));
    await page.keyboard.press("Enter");
    await tabTo(page, rule0.getByLabel("Item id 1", { exact: true }), { back: true });
    await page.keyboard.type(`${p}-item`);

    // Rule #1 is selected once added; its slots are given from the strip with Enter and Space.
    await tabTo(page, page.getByRole("button", { name: "Add rule" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Assign slots to rule #1" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Assign slots to rule #0" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await tabTo(page, page.getByTestId("slot-2"), { back: true });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("slot-3")).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("rule-1-slots")).toHaveText("Slots 2, 3, 4");
    await expect(page.getByTestId("rule-0-slots")).toHaveText("Slots 0, 1");
    // The slot is named by what it shows, then what that means.
    await expect(page.getByTestId("slot-2")).toHaveAccessibleName(/^2 #1 .+ filled by rule #1 /);

    // Rule #0 selected again with Space takes slot 4 back.
    await tabTo(page, page.getByRole("button", { name: "Assign slots to rule #0" }));
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Assign slots to rule #0" })).toHaveAttribute("aria-pressed", "true");
    await tabTo(page, page.getByTestId("slot-4"), { back: true });
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("rule-0-slots")).toHaveText("Slots 0, 1, 4");
    await expect(page.getByTestId("rule-1-slots")).toHaveText("Slots 2, 3");

    await tabTo(page, page.getByRole("button", { name: "Create strategy" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/touchpoints\/strategies\/strategy-id-[0-9a-f]{32}\?created=1$/, {
      timeout: 30_000,
    });
    await expect(page.getByTestId("rule-1-slots")).toHaveText("Slots 2, 3");
  });
});
