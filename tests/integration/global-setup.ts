/**
 * Once per run: the demo users' password hash (scrypt at full cost: about 0.4 s of a core, more on
 * a busy machine, once instead of once per test file), and on PGlite a migrated template data
 * directory that every test file clones (cloning takes a fraction of a second, migrating from
 * scratch several seconds).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashSecret } from "@/lib/auth/password";
import { openPglite } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  provide("demoPasswordHash", await hashSecret("demo-password"));
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openPglite();
  await migrate(database);
  const file = join(tmpdir(), `lumen-template-${process.pid}.tar`);
  await database.embedded!.dump(file);
  await database.close();
  provide("pgliteTemplate", file);
}
