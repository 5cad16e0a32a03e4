import { expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, unique } from "../support/api";

test.use({ storageState: storageStatePath("super") });

test("super creates an API client, its secret works once shown, revoking stops its token", async ({
  page,
  request,
}) => {
  const name = unique("e2e-client");
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Create an API client" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create API client" }).click();

  const box = page.getByTestId("new-client-secret-box");
  await expect(box).toBeVisible();
  await expect(box).toContainText(name);
  const clientId = (await page.getByTestId("new-client-id").textContent())?.trim() ?? "";
  const clientSecret = (await page.getByTestId("new-client-secret").textContent())?.trim() ?? "";
  expect(clientId).toMatch(/^lumen_/);
  expect(clientSecret.length).toBeGreaterThan(20);

  const granted = await request.post("/api/latest/auth/token", {
    data: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const { access_token } = await granted.json();
  const before = await request.get("/api/latest/auth/me", { headers: bearer(access_token) });
  expect(before.status()).toBe(200);
  expect(await before.json()).toMatchObject({ kind: "client", subject: clientId, name });

  // Shown once: after a reload the secret is nowhere on the page, the client still is.
  await page.reload();
  const row = page.getByTestId(`client-row-${clientId}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId("new-client-secret-box")).toHaveCount(0);
  await expect(page.getByText(clientSecret)).toHaveCount(0);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(row.getByText("revoked")).toBeVisible();
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const after = await request.get("/api/latest/auth/me", { headers: bearer(access_token) });
  expect(after.status()).toBe(401);
  const again = await request.post("/api/latest/auth/token", {
    data: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
  });
  expect(again.status()).toBe(401);
});
