import { expect, test as setup } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, storageStatePath } from "./support/accounts";

for (const account of DEMO_ACCOUNTS) {
  setup(`sign in as ${account.email}`, async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/data$/);
    await expect(page.getByTestId("current-user")).toHaveText(account.email);
    await page.context().storageState({ path: storageStatePath(account.role) });
  });
}
