/**
 * The message-passing alternative to the embedded database's socket (bench only): PGlite in a
 * worker thread answering { id, sql, params } messages with { id, rows } or { id, error }.
 */
import { parentPort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const db = await PGlite.create();
parentPort.on("message", async ({ id, sql, params }) => {
  try {
    const result = await db.query(sql, params);
    parentPort.postMessage({ id, rows: result.rows });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
