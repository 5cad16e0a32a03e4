/**
 * Security headers in a real browser: every studio page and the sign-in page load under a
 * Content-Security-Policy with a fresh nonce and report no violation (Next's own scripts carry
 * the nonce, so the pages hydrate and work); framing is refused; the API and the content route
 * (answered by the custom server without Next) are nosniff and never framed; HSTS only over HTTPS.
 */
import { expect, type Page, type Response, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";

const STUDIO_PAGES = [
  "/",
  "/data",
  "/touchpoints",
  "/touchpoints/strategies",
  "/touchpoints/positions",
  "/touchpoints/search",
  "/campaigns",
  "/campaigns/templates",
  "/approvals",
  "/audiences",
  "/outbox",
  "/settings",
  "/docs",
];

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

function expectPageHeaders(response: Response | null): string {
  expect(response, "the page answered").not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Served over plain HTTP here: no HSTS.
  expect(headers["strict-transport-security"]).toBeUndefined();
  return nonce!;
}

test.describe("studio pages", () => {
  test.use({ storageState: storageStatePath("super") });

  test("every main page loads under the nonce policy with no CSP violation and works", async ({ page }) => {
    // Thirteen pages in one test, each loaded until the network is idle: past 60 s in a CI run on
    // a loaded machine (the /docs page, the API document's renderer, the slowest).
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    const nonces = new Set<string>();
    for (const path of STUDIO_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      nonces.add(expectPageHeaders(response));
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("current-user")).toHaveText("super@example.com");
      // Next's runtime started (its scripts ran under the policy).
      await expect
        .poll(() => page.evaluate(() => Boolean((window as { next?: unknown }).next)), { message: path })
        .toBe(true);
      // Next's scripts carry this request's nonce.
      const scriptNonces = await page.$$eval("script", (scripts) => scripts.map((s) => s.nonce).filter(Boolean));
      expect(scriptNonces.length, path).toBeGreaterThan(0);
      expect(violations, `${path}: ${violations.join("\n")}`).toEqual([]);
    }
    // A fresh nonce per request.
    expect(nonces.size).toBe(STUDIO_PAGES.length);
    // A client-side navigation keeps working under the policy.
    await page.goto("/data");
    await page
      .getByRole("link", { name: /audiences/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/audiences/);
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page loads under the policy with no CSP violation, and its form works", async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto("/sign-in");
    expectPageHeaders(response);
    await page.getByLabel("E-mail").fill("marketer@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("current-user")).toHaveText("marketer@example.com");
    await page.waitForLoadState("networkidle");
    expect(violations, violations.join("\n")).toEqual([]);
  });

  test("the page may not be framed by another origin", async ({ page }) => {
    await page.goto("about:blank");
    const url = `${test.info().project.use.baseURL}/sign-in`;
    // Resolves when the frame's load event fires: a frame refused by frame-ancestors loads an error page.
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          const frame = document.createElement("iframe");
          frame.onload = () => resolve();
          frame.src = src;
          document.body.appendChild(frame);
        }),
      url,
    );
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child).toBeTruthy();
    // Allowed, the frame would show the sign-in form (its e-mail field).
    expect(await child!.locator("input").count()).toBe(0);
    expect(child!.url()).not.toBe(url);
  });

  test("the API and the directly served content route are nosniff and never framed; HSTS only over HTTPS", async ({
    request,
  }) => {
    const direct = await request.get("/api/latest/touchpoint-studio/touchpoints/touchpoint-id-unknown/content");
    const viaNext = await request.get("/api/latest/touchpoint-studio/touchpoints/touchpoint-id-unknown/content", {
      headers: { "x-lumen-route": "next" },
    });
    const openapi = await request.get("/api/latest/openapi.json");
    const ready = await request.get("/api/ready");
    for (const response of [direct, viaNext, openapi, ready]) {
      const headers = response.headers();
      expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
      expect(headers["x-frame-options"], response.url()).toBe("DENY");
      expect(headers["content-security-policy"], response.url()).toBe("frame-ancestors 'none'");
      expect(headers["strict-transport-security"], response.url()).toBeUndefined();
    }
    expect(direct.status()).toBe(viaNext.status());

    const overHttps = await request.get("/api/latest/openapi.json", { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers()["strict-transport-security"]).toContain("max-age=");
    const directOverHttps = await request.get(
      "/api/latest/touchpoint-studio/touchpoints/touchpoint-id-unknown/content",
      { headers: { "x-forwarded-proto": "https" } },
    );
    expect(directOverHttps.headers()["strict-transport-security"]).toContain("max-age=");
    expect(directOverHttps.headers()["x-frame-options"]).toBe("DENY");
    const pageOverHttps = await request.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
    expect(pageOverHttps.headers()["strict-transport-security"]).toContain("max-age=");
    expect(pageOverHttps.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
