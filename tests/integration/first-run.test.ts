/** A new database: demo users only with DEMO_USERS; otherwise the first super user with the setup token. */
import { afterAll, describe, expect, it } from "vitest";
import { createFirstSuperUser, hasUsers, prepareFirstUsers, setupToken, setupTokenMatches } from "@/lib/auth/first-run";
import { db } from "@/lib/db/client";
import { setEnv } from "@/lib/env";

const emptyUsers = async () => (await db()).user.deleteMany({});

afterAll(() => {
  delete process.env.DEMO_USERS;
  setEnv("AUTH_SECRET", "test-secret-test-secret-test-secret");
});

describe("first run", () => {
  it("creates the demo users on an empty database only with DEMO_USERS", async () => {
    await emptyUsers();
    setEnv("DEMO_USERS", "false");
    expect(await prepareFirstUsers()).toBe("setup-token");
    expect(await hasUsers()).toBe(false);
    setEnv("DEMO_USERS", "true");
    expect(await prepareFirstUsers()).toBe("demo-users");
    const emails = (await (await db()).user.findMany()).map((u) => u.email).sort();
    expect(emails).toEqual(["advanced@example.com", "marketer@example.com", "super@example.com"]);
    expect(await prepareFirstUsers()).toBe("none");
  });

  it("without demo users, makes exactly one super user with the setup token, once", async () => {
    await emptyUsers();
    setEnv("DEMO_USERS", "false");
    const good = { email: "owner@example.com", password: "the owner's long password" };
    await expect(createFirstSuperUser({ ...good, token: "not-the-token" })).rejects.toMatchObject({ status: 403 });
    expect(setupTokenMatches(setupToken())).toBe(true);
    await expect(createFirstSuperUser({ ...good, token: setupToken(), password: "qwerty123456" })).rejects.toThrow(
      /common/,
    );
    // Two setup pages submitted at once: one user.
    const results = await Promise.allSettled([
      createFirstSuperUser({ ...good, token: setupToken() }),
      createFirstSuperUser({ ...good, email: "other@example.com", token: setupToken() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rows = await (await db()).user.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("super");
    await expect(
      createFirstSuperUser({ ...good, email: "late@example.com", token: setupToken() }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await prepareFirstUsers()).toBe("none");
  });

  it("derives the setup token from AUTH_SECRET", () => {
    const before = setupToken();
    setEnv("AUTH_SECRET", "another-secret-another-secret-another");
    expect(setupToken()).not.toBe(before);
    expect(setupTokenMatches(before)).toBe(false);
  });
});
