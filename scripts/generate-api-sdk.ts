/** npm run sdk:api: writes sdk/schema.d.ts (the typed SDK's types) from the OpenAPI document, formatted. */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { SDK_SCHEMA_FILE, sdkSchemaSource } from "@/lib/openapi/sdk-schema";

delete process.env.PUBLIC_URL;
writeFileSync(SDK_SCHEMA_FILE, await sdkSchemaSource());
spawnSync("npx", ["biome", "format", "--write", SDK_SCHEMA_FILE], { stdio: "inherit" });
console.log(`${SDK_SCHEMA_FILE} written`);
