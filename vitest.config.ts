import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // PGlite takes ~450 MB per instance: two test files at a time on a 2-core machine.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    env: { TZ: "UTC", TIMEZONE: "UTC", LOG_LEVEL: "error", AUTH_SECRET: "test-secret-test-secret-test-secret" },
    // next-auth imports "next/server" without an extension, which node's ESM loader refuses: let
    // Vite resolve it (tests drive Auth.js's own route, tests/integration/auth-throttle.test.ts).
    server: { deps: { inline: ["next-auth"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          pool: "forks",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
