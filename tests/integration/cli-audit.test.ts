/**
 * The admin commands (npm run users / clients) leave audit entries as the API does: adding a
 * user, changing a role, disabling and enabling, resetting a password, creating and revoking an
 * API client; actor cli:<OS user>, role super, one request id per command, the object's id and
 * state before -> after. A command that fails records nothing; listing records nothing.
 */
import { userInfo } from "node:os";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { run as clients } from "@/scripts/clients";
import { run as users } from "@/scripts/users";

const ACTOR = `cli:${userInfo().username}`;

async function entriesSince(since: Date) {
  return (await db()).auditEntry.findMany({
    where: { date_created: { gte: since } },
    orderBy: { date_created: "asc" },
  });
}

/** Runs one command; answers what it printed. */
async function command(run: (argv: string[]) => Promise<void>, argv: string[]): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
  try {
    await run(argv);
  } finally {
    spy.mockRestore();
  }
  return lines.join("\n");
}

let since: Date;
beforeEach(() => {
  since = new Date(Date.now() - 1);
});
afterEach(() => vi.restoreAllMocks());

describe("npm run users", () => {
  it("records add, set-role, disable, enable and reset-password, each with its own request id", async () => {
    await command(users, [
      "add",
      "--email",
      "cli-audit@example.com",
      "--role",
      "user",
      "--password",
      "cli-audit-pass-1",
    ]);
    const user = await (await db()).user.findUniqueOrThrow({ where: { email: "cli-audit@example.com" } });
    await command(users, ["set-role", "--email", "CLI-Audit@example.com", "--role", "advanced"]);
    await command(users, ["disable", "--email", "cli-audit@example.com"]);
    await command(users, ["disable", "--email", "cli-audit@example.com", "--enable"]);
    await command(users, ["reset-password", "--email", "cli-audit@example.com", "--password", "cli-audit-pass-2"]);
    await command(users, ["list"]);

    const entries = await entriesSince(since);
    expect(entries.map((e) => [e.action, e.object_type, e.object_id])).toEqual([
      ["user.create", "user", user.id],
      ["user.update", "user", user.id],
      ["user.update", "user", user.id],
      ["user.update", "user", user.id],
      ["user.password_reset", "user", user.id],
    ]);
    for (const entry of entries) {
      expect(entry.actor).toBe(ACTOR);
      expect(entry.actor_role).toBe("super");
      expect(entry.request_id).toMatch(/^[0-9a-f-]{36}$/);
      // Never the password.
      expect(entry.summary).not.toMatch(/cli-audit-pass/);
    }
    expect(new Set(entries.map((e) => e.request_id)).size).toBe(entries.length);
    const [created, role, disabled, enabled, reset] = entries.map((e) => e.summary);
    expect(created).toContain("role user");
    expect(role).toBe("fields: role; state: role user, active -> role advanced, active");
    expect(disabled).toBe("fields: is_disabled; state: role advanced, active -> role advanced, disabled");
    expect(enabled).toBe("fields: is_disabled; state: role advanced, disabled -> role advanced, active");
    expect(reset).toContain("must change at next sign-in");
  });

  it("records nothing for a command that fails", async () => {
    await expect(users(["set-role", "--email", "nobody-cli@example.com", "--role", "super"])).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      command(users, ["add", "--email", "super@example.com", "--role", "user", "--password", "cli-audit-pass-3"]),
    ).rejects.toMatchObject({ status: 409 });
    expect(await entriesSince(since)).toEqual([]);
  });
});

describe("npm run clients", () => {
  it("records add and revoke with the client's ids", async () => {
    const printed = await command(clients, ["add", "--name", "CLI audit", "--role", "advanced"]);
    const clientId = /client_id:\s+(\S+)/.exec(printed)?.[1];
    expect(clientId).toMatch(/^lumen_/);
    const row = await (await db()).apiClient.findUniqueOrThrow({ where: { client_id: clientId! } });
    expect(row.created_by).toBe(ACTOR);
    await command(clients, ["revoke", "--client-id", clientId!]);
    await command(clients, ["list"]);

    const entries = await entriesSince(since);
    expect(entries.map((e) => [e.action, e.object_type, e.object_id, e.actor, e.actor_role])).toEqual([
      ["api_client.create", "api_client", clientId, ACTOR, "super"],
      ["api_client.revoke", "api_client", clientId, ACTOR, "super"],
    ]);
    // Found by either of the client's ids.
    for (const entry of entries) expect(entry.object_ids).toEqual(expect.arrayContaining([row.id, row.client_id]));
    expect(entries[1]!.summary).toBe("state: role advanced, active -> role advanced, revoked");
    expect(entries[0]!.request_id).not.toBe(entries[1]!.request_id);
    // The secret printed once is in no entry.
    const secret = /client_secret:\s+(\S+)/.exec(printed)?.[1];
    expect(secret).toBeTruthy();
    for (const entry of entries) expect(JSON.stringify(entry)).not.toContain(secret);
  });
});
