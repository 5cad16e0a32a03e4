import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`; // localhost, not 127.0.0.1: Auth.js redirects to AUTH_URL's host

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // PGlite serves one query at a time; two workers keep the 2-core machines busy without queueing.
  workers: 2,
  // npm test (scripts/test.ts) sets PLAYWRIGHT_JSON_OUTPUT_NAME to list the failed tests in its summary.
  reporter: [
    ["list"],
    ...(process.env.CI ? [["html", { open: "never" }] as const] : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as const] : []),
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Signs in through the form once per demo user; the ui tests reuse the saved cookies.
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"] } },
    { name: "api", testMatch: /api\/.*\.spec\.ts$/ },
    { name: "ui", testMatch: /ui\/.*\.spec\.ts$/, dependencies: ["setup"], use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: {
    // The data directory is reset here, not in a globalSetup: Playwright starts the web server
    // before globalSetup runs, and the server holds the PGlite directory open. A reused server
    // (reuseExistingServer) keeps its data; the tests seed unique data, so they do not mind.
    command: "npx tsx e2e/reset-data-dir.ts && npm start",
    url: `${baseURL}/sign-in`,
    env: {
      PORT: String(PORT),
      DATA_DIR: ".data-e2e",
      DEMO_DATA: "false",
      PUBLIC_URL: baseURL,
      AUTH_URL: baseURL,
      // The sign-in throttle test gives itself an address of its own with X-Forwarded-For.
      TRUSTED_PROXIES: "127.0.0.1,::1",
    },
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
