/**
 * The demo store's publishable key. The store (/demo-store) is a page of Lumen's own origin that
 * embeds the widgets as a shop would, so it needs a content-scope API client whose allowed origin
 * is PUBLIC_URL's. Decided here: created at the store's first request (not at start-up: a service
 * nobody opens the store on gets no extra client), named "Demo store (widgets)", created by
 * "system:demo-store", and remembered in system_state under `demo_store` ({client_id}); it is
 * listed in Settings like any client and revoking it there makes the next request create another.
 *
 * Idempotent without a lock (a lock held across the client's creation would stall PGlite, whose
 * connections take turns): the state is read; when it names no usable client (none yet, revoked,
 * or made for another PUBLIC_URL), a client is created and put in the state with a compare-and-set
 * on the value read. Of concurrent first requests one wins; the others revoke the client they made
 * and use the winner's. Within a process, concurrent callers share one attempt.
 */
import { createApiClient, revokeApiClient } from "@/lib/auth/api-clients";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";

export const DEMO_STORE_STATE_KEY = "demo_store";
export const DEMO_STORE_CLIENT_NAME = "Demo store (widgets)";
const CREATED_BY = "system:demo-store";

export interface DemoStoreClient {
  client_id: string;
  publishable_key: string;
  origin: string;
}

interface State {
  client_id?: string;
}

let pending: Promise<DemoStoreClient> | undefined;

export function ensureDemoStoreClient(): Promise<DemoStoreClient> {
  pending ??= settleDemoStoreClient().finally(() => {
    pending = undefined;
  });
  return pending;
}

async function usable(clientId: string | undefined, origin: string): Promise<DemoStoreClient | undefined> {
  if (!clientId) return undefined;
  const { prisma } = await getDatabase();
  const row = await prisma.apiClient.findUnique({ where: { client_id: clientId } });
  if (!row || row.date_revoked || !row.publishable_key || !row.allowed_origins.includes(origin)) return undefined;
  return { client_id: row.client_id, publishable_key: row.publishable_key, origin };
}

/** One settling of the state, without the process's sharing (tests race several). */
export async function settleDemoStoreClient(triesLeft = 3): Promise<DemoStoreClient> {
  const origin = new URL(env().PUBLIC_URL).origin;
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ value: State }>("SELECT value FROM system_state WHERE key = $1", [
    DEMO_STORE_STATE_KEY,
  ]);
  const found = await usable(row?.value.client_id, origin);
  if (found) return found;

  const created = await createApiClient({
    name: DEMO_STORE_CLIENT_NAME,
    role: "user",
    scopes: ["content"],
    allowed_origins: [origin],
    createdBy: CREATED_BY,
  });
  const next = JSON.stringify({ client_id: created.client_id } satisfies State);
  const swapped = row
    ? await sql.query(
        "UPDATE system_state SET value = $2::jsonb, date_modified = now() WHERE key = $1 AND value = $3::jsonb RETURNING key",
        [DEMO_STORE_STATE_KEY, next, JSON.stringify(row.value)],
      )
    : await sql.query(
        "INSERT INTO system_state (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING RETURNING key",
        [DEMO_STORE_STATE_KEY, next],
      );
  if (swapped.length === 1) {
    // The one this replaced (revoked already, or made for another PUBLIC_URL) serves nobody now.
    if (row?.value.client_id) await revokeApiClient({ clientId: row.value.client_id }).catch(() => undefined);
    return { client_id: created.client_id, publishable_key: created.publishable_key!, origin };
  }
  // Another request (or process) got there first: ours goes, theirs is used.
  await revokeApiClient({ clientId: created.client_id });
  if (triesLeft <= 1) throw new Error("the demo store's API client could not be settled");
  return settleDemoStoreClient(triesLeft - 1);
}
