import { describe, expect, it } from "vitest";
import { demoUsersEnabled } from "./first-run";

describe("DEMO_USERS", () => {
  it("defaults to on, except under NODE_ENV=production", () => {
    expect(demoUsersEnabled({ DEMO_USERS: undefined, NODE_ENV: "development" })).toBe(true);
    expect(demoUsersEnabled({ DEMO_USERS: undefined, NODE_ENV: "test" })).toBe(true);
    expect(demoUsersEnabled({ DEMO_USERS: undefined, NODE_ENV: "production" })).toBe(false);
  });

  it("follows the setting when it is given", () => {
    expect(demoUsersEnabled({ DEMO_USERS: true, NODE_ENV: "production" })).toBe(true);
    expect(demoUsersEnabled({ DEMO_USERS: false, NODE_ENV: "development" })).toBe(false);
  });
});
