/**
 * npm run db:backup / db:restore (scripts/db-backup.ts) on the embedded database, run as the
 * command runs: a backup of a data directory restores into a new one with every committed row;
 * a backup refuses while a service hosts the directory; a restore refuses a directory in use.
 * PostgreSQL deployments use pg_dump (the command says so).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPglite } from "@/lib/db/client";
import { spawnScript } from "./support/children";

const onPglite = !process.env.TEST_DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), "lumen-backup-"));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the command with DATA_DIR; its exit code and what it printed. */
async function run(mode: "backup" | "restore", dataDir: string, target: string) {
  const child = spawnScript("scripts/db-backup.ts", [mode, target], {
    env: { ...process.env, LOG_LEVEL: "error", DATA_DIR: dataDir, DATABASE_URL: undefined },
  });
  const code = await new Promise<number | null>((resolve) =>
    child.process.exitCode !== null ? resolve(child.process.exitCode) : child.process.once("exit", resolve),
  );
  return { code, out: child.lines.join("\n") };
}

describe.runIf(onPglite)("db:backup and db:restore (embedded database)", () => {
  it("restores a backup into a new data directory with every committed row, and refuses a directory in use", async () => {
    const template = inject("pgliteTemplate" as never) as string;
    const dataDir = join(root, "data");
    const database = await openPglite(dataDir, { loadFrom: template });
    await database.prisma.systemState.create({ data: { key: "backup-probe", value: { rows: [1, 2, 3] } } });

    // While a process hosts the directory (the running service), the backup refuses.
    const refused = await run("backup", dataDir, join(root, "refused"));
    expect(refused.code).toBe(1);
    await database.close();

    const backup = join(root, "backup");
    const made = await run("backup", dataDir, backup);
    expect(made, made.out).toMatchObject({ code: 0 });
    // Written after the backup: not in it.
    const after = await openPglite(dataDir);
    await after.prisma.systemState.create({ data: { key: "after-backup", value: {} } });
    await after.close();

    const restoredDir = join(root, "restored");
    const restored = await run("restore", restoredDir, backup);
    expect(restored, restored.out).toMatchObject({ code: 0 });
    const again = await openPglite(restoredDir);
    try {
      const rows = await again.prisma.systemState.findMany({
        where: { key: { in: ["backup-probe", "after-backup"] } },
      });
      expect(rows.map((r) => [r.key, r.value])).toEqual([["backup-probe", { rows: [1, 2, 3] }]]);
    } finally {
      await again.close();
    }
    // A directory that holds data is never overwritten.
    expect((await run("restore", dataDir, backup)).code).toBe(1);
  }, 120_000);
});
