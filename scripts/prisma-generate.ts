/**
 * Runs `prisma generate`. Prisma's CLI first tries to download a native schema engine; where that
 * engine is not installed (and its host unreachable) generation works without it, so we point the
 * CLI at /bin/true only in that case and keep the normal path everywhere else.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const enginesDir = join(process.cwd(), "node_modules", "@prisma", "engines");
const hasEngine =
  process.env.PRISMA_SCHEMA_ENGINE_BINARY !== undefined ||
  (existsSync(enginesDir) && readdirSync(enginesDir).some((f) => f.startsWith("schema-engine")));

const env = { ...process.env };
if (!hasEngine) env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/true";
execFileSync(join("node_modules", ".bin", "prisma"), ["generate"], { stdio: "inherit", env });
