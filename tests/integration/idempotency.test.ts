/**
 * Idempotency-Key on POST, PUT and DELETE: a retry gets the first answer again and runs nothing
 * twice; another request under the same key is refused (422), a running one answers 409; keys are
 * per caller, expire after 24 hours, and answers given before the operation ran or on a failure
 * of ours are not kept.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as onePosition from "@/app/api/latest/touchpoint-studio/rules/positions/[position_id]/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import { getDatabase } from "@/lib/db/client";
import { claimKey, fingerprint, keepAnswer, newClaim, purgeExpiredKeys, releaseKey } from "@/lib/http/idempotency";
import { call, tokenFor } from "./http";

let token: string;
let callerId: string;

const create = (key: string | undefined, name: string, as = token) =>
  call(positions.POST, {
    path: "/touchpoint-studio/rules/positions",
    token: as,
    body: { position_name: name },
    headers: key === undefined ? {} : { "Idempotency-Key": key },
  });

const remove = (key: string, id: string) =>
  call(onePosition.DELETE, {
    method: "DELETE",
    path: `/touchpoint-studio/rules/positions/${id}`,
    params: { position_id: id },
    token,
    headers: { "Idempotency-Key": key },
  });

async function countNamed(name: string): Promise<number> {
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM positions WHERE position_name = $1", [
    name,
  ]);
  return Number(row?.n);
}

async function keyRow(key: string) {
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ state: string; status: number | null }>(
    "SELECT state, status FROM idempotency_keys WHERE caller = $1 AND key = $2",
    [callerId, key],
  );
  return row;
}

beforeAll(async () => {
  token = await tokenFor("advanced");
  const { sql } = await getDatabase();
  const [user] = await sql.query<{ id: string }>("SELECT id FROM users WHERE email = 'advanced@example.com'");
  callerId = `user:${user?.id}`;
});

describe("Idempotency-Key", () => {
  it("replays the first answer to a retry of a POST, creating once", async () => {
    const first = await create("create-once", "Idempotent banner");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await create("create-once", "Idempotent banner");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toBeTruthy();
    expect(again.body).toEqual(first.body);
    expect(await countNamed("Idempotent banner")).toBe(1);
  });

  it("runs once when the same request is sent twice at once", async () => {
    const both = await Promise.all([create("at-once", "Twin banner"), create("at-once", "Twin banner")]);
    const statuses = both.map((r) => r.status).sort();
    // The second either waited for the first's answer (a replay) or found it running (409).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(both.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await countNamed("Twin banner")).toBe(1);
  });

  it("without the header, each request runs", async () => {
    await create(undefined, "Plain banner");
    await create(undefined, "Plain banner");
    expect(await countNamed("Plain banner")).toBe(2);
  });

  it("refuses the same key with another body (422 naming the header)", async () => {
    expect((await create("reused", "First body")).status).toBe(201);
    const other = await create("reused", "Second body");
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expect(other.body.errors[0].loc).toEqual(["header", "Idempotency-Key"]);
    expect(await countNamed("Second body")).toBe(0);
  });

  it("answers 409 while the first request with the key still runs, and takes over an abandoned one", async () => {
    const { sql } = await getDatabase();
    const body = JSON.stringify({ position_name: "Running banner" });
    const print = fingerprint("POST", "http://localhost/api/latest/touchpoint-studio/rules/positions", body);
    await sql.query(
      "INSERT INTO idempotency_keys (caller, key, fingerprint, claim, state, expires) VALUES ($1, 'running', $2, 'first', 'running', now() + interval '1 day')",
      [callerId, print],
    );
    const busy = await create("running", "Running banner");
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("idempotency_in_progress");
    expect(await countNamed("Running banner")).toBe(0);
    // Its process died: after 10 minutes the retry runs it.
    await sql.query(
      "UPDATE idempotency_keys SET date_created = now() - interval '11 minutes' WHERE caller = $1 AND key = 'running'",
      [callerId],
    );
    expect((await create("running", "Running banner")).status).toBe(201);
    expect(await countNamed("Running banner")).toBe(1);
    expect(await keyRow("running")).toEqual({ state: "done", status: 201 });
  });

  it("lets a request whose abandoned claim was taken over keep nothing", async () => {
    const { sql } = await getDatabase();
    const slow = newClaim(callerId, "taken-over");
    expect(await claimKey(slow, "print")).toEqual({ run: true });
    await sql.query(
      "UPDATE idempotency_keys SET date_created = now() - interval '11 minutes' WHERE caller = $1 AND key = 'taken-over'",
      [callerId],
    );
    const retry = newClaim(callerId, "taken-over");
    expect(await claimKey(retry, "print")).toEqual({ run: true });
    // The slow first request finishes late: neither its answer nor its release touches the retry's claim.
    await keepAnswer(slow, 201, '{"late":true}');
    await releaseKey(slow);
    expect(await keyRow("taken-over")).toEqual({ state: "running", status: null });
    await keepAnswer(retry, 201, '{"retry":true}');
    expect(await claimKey(newClaim(callerId, "taken-over"), "print")).toEqual({
      run: false,
      status: 201,
      body: '{"retry":true}',
    });
  });

  it("replays a PUT", async () => {
    const made = await create(undefined, "Renamed banner");
    const id = String(made.body.position_id);
    const rename = (name: string) =>
      call(onePosition.PUT, {
        method: "PUT",
        path: `/touchpoint-studio/rules/positions/${id}`,
        params: { position_id: id },
        token,
        body: { position_name: name },
        headers: { "Idempotency-Key": "rename-once" },
      });
    const first = await rename("Renamed once");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await rename("Renamed once");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await rename("Renamed twice")).status).toBe(422);
  });

  it("keeps keys per caller", async () => {
    const mine = await create("shared-key", "Caller banner");
    const theirs = await create("shared-key", "Caller banner", await tokenFor("super"));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.position_id).not.toBe(mine.body.position_id);
    expect(await countNamed("Caller banner")).toBe(2);
  });

  it("replays a DELETE, and the operation's own 404, without running again", async () => {
    const made = await create(undefined, "Doomed banner");
    const id = String(made.body.position_id);
    const gone = await remove("delete-once", id);
    expect(gone.status).toBe(200);
    const again = await remove("delete-once", id);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const missing = await remove("delete-missing", id);
    expect(missing.status).toBe(404);
    const missingAgain = await remove("delete-missing", id);
    expect(missingAgain.status).toBe(404);
    expect(missingAgain.headers.get("idempotent-replayed")).toBe("true");
  });

  it("does not keep answers given before the operation ran (validation) or failures of ours", async () => {
    const invalid = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      token,
      body: { position_name: "" },
      headers: { "Idempotency-Key": "fix-and-retry" },
    });
    expect(invalid.status).toBe(422);
    expect(await keyRow("fix-and-retry")).toBeUndefined();
    expect((await create("fix-and-retry", "Fixed banner")).status).toBe(201);

    const { sql } = await getDatabase();
    await sql.exec("ALTER TABLE positions RENAME TO positions_away");
    let failed: Awaited<ReturnType<typeof create>>;
    try {
      failed = await create("after-outage", "Outage banner");
    } finally {
      await sql.exec("ALTER TABLE positions_away RENAME TO positions");
    }
    expect(failed.status).toBe(500);
    expect(await keyRow("after-outage")).toBeUndefined();
    expect((await create("after-outage", "Outage banner")).status).toBe(201);
  });

  it("refuses a malformed key with 400 naming the header", async () => {
    const res = await create("x".repeat(256), "Long key banner");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_idempotency_key");
    expect(res.body.detail).toContain("Idempotency-Key");
    expect(await countNamed("Long key banner")).toBe(0);
  });

  it("forgets a key after 24 hours", async () => {
    expect((await create("old-key", "Old banner")).status).toBe(201);
    const { sql } = await getDatabase();
    await sql.query("UPDATE idempotency_keys SET expires = now() - interval '1 minute' WHERE caller = $1", [callerId]);
    const fresh = await create("old-key", "New banner");
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(await countNamed("New banner")).toBe(1);
    await sql.query("UPDATE idempotency_keys SET expires = now() - interval '1 minute' WHERE caller = $1", [callerId]);
    expect(await purgeExpiredKeys()).toBeGreaterThan(0);
    expect(await keyRow("old-key")).toBeUndefined();
  });
});
