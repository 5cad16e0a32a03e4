import { defineConfig } from "prisma/config";

// The datasource URL is only needed by Prisma CLI commands that talk to a database; the app itself
// connects through driver adapters (lib/db/client.ts) and applies migrations with its own runner.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/lumen" },
});
