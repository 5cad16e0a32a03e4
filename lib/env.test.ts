import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env";

const saved = { PORT: process.env.PORT, PUBLIC_URL: process.env.PUBLIC_URL };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe("PUBLIC_URL", () => {
  it("defaults to localhost on the port the service listens on", () => {
    delete process.env.PUBLIC_URL;
    process.env.PORT = "3999";
    resetEnvCache();
    expect(env().PUBLIC_URL).toBe("http://localhost:3999");
  });

  it("keeps an address that is set", () => {
    process.env.PUBLIC_URL = "https://lumen.shop.example";
    process.env.PORT = "3999";
    resetEnvCache();
    expect(env().PUBLIC_URL).toBe("https://lumen.shop.example");
  });
});
