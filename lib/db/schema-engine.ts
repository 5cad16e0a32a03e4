/**
 * Prisma's schema engine compiled to WebAssembly, run over an in-memory embedded database (its
 * own PGlite thread, reached through @prisma/adapter-pg like every database here): it turns
 * schema.prisma into the SQL Prisma itself would write. Used to author migrations
 * (`npm run db:diff`) and by the test that proves the migrated database matches schema.prisma.
 * Development only: the running service never loads it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import * as engineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";
import { embeddedUrl } from "./client";
import { startEmbedded } from "./embedded/host";

let initialised = false;

function initWasm(): void {
  if (initialised) return;
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@prisma/schema-engine-wasm");
  const bytes = readFileSync(join(dirname(entry), "schema_engine_bg.wasm"));
  const module = new WebAssembly.Module(bytes);
  const instance = new WebAssembly.Instance(module, {
    "./schema_engine_bg.js": engineBindings as unknown as WebAssembly.ModuleImports,
  });
  const exports = instance.exports as { __wbindgen_start(): void };
  (engineBindings as unknown as { __wbg_set_wasm(e: unknown): void }).__wbg_set_wasm(exports);
  exports.__wbindgen_start();
  initialised = true;
}

export type DiffSource =
  | { kind: "empty" }
  | { kind: "schema"; path: string }
  | { kind: "migrations"; sqls: { name: string; sql: string }[] };

function target(source: DiffSource) {
  if (source.kind === "empty") return { tag: "empty" };
  if (source.kind === "schema") {
    return {
      tag: "schemaDatamodel",
      files: [{ path: source.path, content: readFileSync(source.path, "utf8") }],
    };
  }
  return {
    tag: "migrations",
    baseDir: ".",
    lockfile: { path: "migration_lock.toml", content: 'provider = "postgresql"\n' },
    migrationDirectories: source.sqls.map((m) => ({
      path: m.name,
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: m.sql } },
    })),
    shadowDbInitScript: "",
  };
}

/**
 * @prisma/adapter-pg runs a script by splitting it at every ";", also inside comments and string
 * literals (a migration whose comment holds a ";" failed in the shadow database): this factory's
 * adapters send a script whole instead, as one simple-protocol query, which PostgreSQL runs
 * statement by statement.
 */
function wholeScripts(factory: PrismaPg): PrismaPg {
  type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
  const whole = <A extends Adapter>(adapter: A): A => {
    const driver = adapter.underlyingDriver() as pg.Pool;
    // The engine reads the catalog's `"char"` columns (pg_constraint.contype and the like), a type
    // @prisma/adapter-pg refuses ("Column type 'char' could not be deserialized"): pg reads them
    // as strings, so they pass as text and are then typed as the engine expects, Character.
    const io = adapter as unknown as { performIO(q: unknown): Promise<pg.QueryResult> };
    const performIO = io.performIO.bind(adapter);
    let charColumns: number[] = [];
    io.performIO = async (query) => {
      const result = await performIO(query);
      charColumns = [];
      result.fields.forEach((field, i) => {
        if (field.dataTypeID !== 18) return;
        field.dataTypeID = 25;
        charColumns.push(i);
      });
      return result;
    };
    const queryRaw = adapter.queryRaw.bind(adapter);
    return Object.assign(adapter, {
      queryRaw: async (query: Parameters<Adapter["queryRaw"]>[0]) => {
        const result = await queryRaw(query);
        for (const i of charColumns) result.columnTypes[i] = ColumnTypeEnum.Character;
        return result;
      },
      executeScript: async (script: string) => {
        await driver.query(script);
      },
    });
  };
  const connect = factory.connect.bind(factory);
  return Object.assign(Object.create(factory) as PrismaPg, {
    connect: async () => whole(await connect()),
    // The database is a throwaway in-memory one already: it serves as the shadow database too.
    connectToShadowDb: async () => whole(await connect()),
  });
}

/** The SQL script that takes `from` to `to` (empty when they already agree). */
export async function diffSql(from: DiffSource, to: DiffSource): Promise<string> {
  initWasm();
  const shadow = await startEmbedded({});
  const pool = new pg.Pool({ connectionString: embeddedUrl(shadow.socketDir), max: 2 });
  try {
    const factory = bindMigrationAwareSqlAdapterFactory(wholeScripts(new PrismaPg(pool)));
    const schemaPath = "prisma/schema.prisma";
    const engine = await engineBindings.SchemaEngine.new(
      { datamodels: [[schemaPath, readFileSync(schemaPath, "utf8")]] },
      () => {},
      factory,
    );
    const result = await engine.diff({
      from: target(from),
      to: target(to),
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    } as unknown as Parameters<typeof engine.diff>[0]);
    engine.free();
    return (result as { stdout?: string }).stdout ?? "";
  } finally {
    await pool.end();
    await shadow.host?.close();
  }
}
