/** npm run db:migrate: applies pending migrations to the configured database. */
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

const database = await getDatabase();
try {
  const { applied, total } = await migrate(database);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
      : `Database is up to date (${total} migrations).`,
  );
} finally {
  await closeDatabase();
}
