import { expect, test } from "@playwright/test";

test("a wrong password is refused with a message and the user stays on the sign-in page", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill("advanced@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Next.js adds an empty route announcer with role=alert; ours is the one with text.
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Wrong e-mail or password");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
});

test("the form checks the e-mail before sending", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password").fill("x");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an e-mail address such as name@example.com.")).toBeVisible();
});

test("after ten failures the form asks to wait N seconds, whatever the password", async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`;
  // An address of its own (the server trusts X-Forwarded-For from 127.0.0.1 here: TRUSTED_PROXIES in
  // playwright.config.ts), so the wait this test causes does not hold back the other tests' sign-ins.
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `198.18.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
  });
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  const alert = page.getByRole("alert").filter({ hasText: /\S/ });
  // Each attempt is one server action call (a POST to the page): wait for its answer.
  const attempt = async (password: string) => {
    await page.getByLabel("Password").fill(password);
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/sign-in"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await answered;
  };
  for (let i = 0; i < 10; i++) {
    await attempt(`wrong-${i}`);
    await expect(alert).toHaveText("Wrong e-mail or password");
  }
  await attempt("anything");
  await expect(alert).toHaveText(/^Too many failed attempts\. Try again in ([1-9]|[12]\d|30) s\.$/);
});
