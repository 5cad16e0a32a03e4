import { expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("user") });

test("a marketer writes an e-mail template, chooses it in a campaign, and cannot delete it while used", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const p = unique("tpl");
  const templateName = `Spring mail ${p}`;
  const campaignName = `Template campaign ${p}`;
  const segment = `Segment ${p}`;
  const token = await passwordToken(request, "advanced@example.com");
  const customers = [1, 2].map((n) => ({
    customer_id: `${p}-${n}`,
    first_name: `Ivana${n}`,
    last_name: "Synthetic",
    segment_id: `${p}-seg`,
    segment_name: segment,
    email: `${p}-${n}@example.com`,
    email_consent: true,
  }));
  const seeded = await request.post("/api/latest/data/customers", { headers: bearer(token), data: { customers } });
  expect(seeded.status(), await seeded.text()).toBe(200);

  // The templates page, reached from the campaigns list.
  await page.goto("/campaigns");
  await page.getByRole("link", { name: "E-mail templates" }).click();
  await expect(page).toHaveURL(/\/campaigns\/templates$/);
  await page.getByRole("button", { name: "New template" }).click();
  const form = page.getByRole("form", { name: "New e-mail template" });
  await form.getByLabel("Name").fill(templateName);
  const html = form.getByLabel("HTML");
  await html.fill(
    '<html><body><h1>Hello </h1><p><a href="https://shop.example/spring">Spring sale</a></p></body></html>',
  );
  // The client checks placeholders as the server does.
  await html.fill("<p>Hi {ph_customer.nickname}</p>");
  await form.getByRole("button", { name: "Create template" }).click();
  await expect(form.getByText("unknown placeholder {ph_customer.nickname}")).toBeVisible();
  await html.fill(
    '<html><body><h1>Hello !</h1><p><a href="https://shop.example/spring">Spring sale</a></p></body></html>',
  );
  // A placeholder goes in at the cursor.
  await html.click();
  await html.press("Control+Home");
  for (let i = 0; i < "<html><body><h1>Hello ".length; i++) await html.press("ArrowRight");
  await form.getByRole("button", { name: "{ph_customer.first_name}" }).click();
  await expect(html).toHaveValue(
    '<html><body><h1>Hello {ph_customer.first_name}!</h1><p><a href="https://shop.example/spring">Spring sale</a></p></body></html>',
  );
  // The live preview draws the HTML.
  await expect(page.frameLocator('[data-testid="email-frame"]').first().getByRole("heading")).toHaveText(
    "Hello {ph_customer.first_name}!",
  );
  await page.screenshot({ path: testInfo.outputPath("template-form.png"), fullPage: true });
  await form.getByRole("button", { name: "Create template" }).click();
  const row = page.getByTestId("template-row").filter({ hasText: templateName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("marketer@example.com");

  // The editor offers it in a select; the e-mail needs no text with a template.
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(campaignName);
  await page.getByRole("combobox", { name: "Segments" }).fill(p);
  await page.getByRole("option", { name: new RegExp(segment) }).click();
  await page.getByLabel("Subject (group A)").fill("Spring for {ph_customer.first_name}");
  await page.getByLabel("HTML template (group A)").selectOption({ label: templateName });
  await expect(
    page.getByTestId("message-preview").first().frameLocator('[data-testid="email-frame"]').getByRole("heading"),
  ).toHaveText("Hello {ph_customer.first_name}!");
  // For a customer: the template filled, and the text part made from it.
  await page.locator("#group-0-customer-search").fill(`${p}-1`);
  await page
    .getByTestId("preview-customer-results")
    .getByRole("button", { name: /Ivana1 Synthetic/ })
    .click();
  const personal = page.getByTestId("personal-preview").first();
  await expect(personal).toContainText("Hello Ivana1!");
  await expect(personal.frameLocator('[data-testid="email-frame"]').getByRole("heading")).toHaveText("Hello Ivana1!");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByRole("heading", { name: campaignName })).toBeVisible();
  await expect(page.getByTestId("group-card-A")).toContainText(templateName);

  // In use: the delete is refused, and the dialog says by which campaign.
  await page.goto("/campaigns/templates");
  await page
    .getByTestId("template-row")
    .filter({ hasText: templateName })
    .getByRole("button", { name: /Delete/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByRole("dialog")).toContainText(campaignName);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("template-row").filter({ hasText: templateName })).toHaveCount(1);
});
