import { expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";

test.describe("as a marketer", () => {
  test.use({ storageState: storageStatePath("user") });

  test("Settings answers 403 and shows no users", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Settings are for super users");
    await expect(page.getByTestId("users-table")).toHaveCount(0);
    await expect(page.getByText("super@example.com")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Settings" })).toHaveCount(
      0,
    );
  });
});

test.describe("as a super user", () => {
  test.use({ storageState: storageStatePath("super") });

  test("Settings lists the three demo users with their roles", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    const table = page.getByTestId("users-table");
    await expect(table).toBeVisible();
    for (const [email, role] of [
      ["marketer@example.com", "user"],
      ["advanced@example.com", "advanced"],
      ["super@example.com", "super"],
    ]) {
      await expect(table.getByTestId(`user-row-${email}`)).toBeVisible();
      await expect(table.getByLabel(`Role of ${email}`)).toHaveValue(role as string);
    }
  });
});
