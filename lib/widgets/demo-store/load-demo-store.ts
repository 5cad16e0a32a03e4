/**
 * What the demo store (/demo-store) shows: its publishable key, the widgets' script, the
 * touchpoints its widgets use, today's demo wheel and a few customers to browse as. The page's
 * query may name the touchpoints (carousel, similar, search) and a wheel link (wheel), as the end-to-end tests do on a
 * database without the demo shop; otherwise the demo's own are found by kind (and name).
 * Open only in demo mode (the demo users' setting: on unless NODE_ENV=production, or DEMO_USERS):
 * the store makes an API client at its first request and shows customer ids, which a production
 * service should not do for anyone who asks.
 */
import { demoUsersEnabled } from "@/lib/auth/first-run";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { WIDGETS_VERSION } from "@/lib/widgets/serve-widgets";
import { ensureDemoWheelLink } from "./demo-wheel-link";
import { ensureDemoStoreClient } from "./ensure-demo-store-client";

export interface DemoTouchpoint {
  touchpoint_id: string;
  touchpoint_name: string;
}

export interface DemoStore {
  key: string;
  widgetsSrc: string;
  carousel?: DemoTouchpoint;
  similar?: DemoTouchpoint;
  search?: DemoTouchpoint;
  wheelToken?: string;
  customers: { customer_id: string; segment_name: string }[];
}

export interface DemoStoreChoice {
  carousel?: string;
  similar?: string;
  search?: string;
  wheel?: string;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const CUSTOMERS_SHOWN = 3;

export function demoStoreEnabled(): boolean {
  return demoUsersEnabled(env());
}

interface Row extends DemoTouchpoint {
  touchpoint_type: string;
  touchpoint_subtype: string;
}

/** The touchpoint named in the query (when it exists), else the first that fits, by preferred name. */
function pick(rows: Row[], asked: string | undefined, fits: (r: Row) => boolean, names: string[] = []) {
  const chosen = asked
    ? rows.find((r) => r.touchpoint_id === asked)
    : (names.map((n) => rows.find((r) => fits(r) && r.touchpoint_name === n)).find(Boolean) ?? rows.find(fits));
  return chosen ? { touchpoint_id: chosen.touchpoint_id, touchpoint_name: chosen.touchpoint_name } : undefined;
}

type Buyer = { customer_id: string; segment_name: string };
let buyersRead: { at: number; rows: Buyer[] } | undefined;

/** The customers who bought most lately (a scan of customers: read once a minute per process). */
async function buyers(): Promise<Buyer[]> {
  if (buyersRead && Date.now() - buyersRead.at < 60_000) return buyersRead.rows;
  const { sql } = await getDatabase();
  const rows = await sql.query<Buyer>(
    `SELECT customer_id, segment_name FROM customers ORDER BY purchases_180d DESC, customer_id LIMIT ${CUSTOMERS_SHOWN}`,
  );
  // Cached only once there are some: a store opened before the demo shop loaded sees them later.
  if (rows.length > 0) buyersRead = { at: Date.now(), rows };
  return rows;
}

export async function loadDemoStore(choice: DemoStoreChoice = {}): Promise<DemoStore> {
  const client = await ensureDemoStoreClient();
  const { sql } = await getDatabase();
  const rows = await sql.query<Row>(
    `SELECT touchpoint_id, touchpoint_name, touchpoint_type, touchpoint_subtype FROM touchpoints
     WHERE is_active ORDER BY date_created, touchpoint_id`,
  );
  const valid = (id: string | undefined) => (id && ID.test(id) ? id : undefined);
  const recommender = (subtype: string) => (r: Row) =>
    r.touchpoint_type === "smart-recommender" && r.touchpoint_subtype === subtype;
  const customers = await buyers();
  const wheel = valid(choice.wheel);
  return {
    key: client.publishable_key,
    widgetsSrc: `/widgets.js?v=${WIDGETS_VERSION}`,
    carousel: pick(rows, valid(choice.carousel), recommender("carousel"), [
      "Recommended for you",
      "Home page carousel",
    ]),
    similar: pick(rows, valid(choice.similar), recommender("similar-products"), ["Similar items"]),
    search: pick(rows, valid(choice.search), (r) => r.touchpoint_type === "smart-search"),
    wheelToken: wheel ?? (await ensureDemoWheelLink()),
    customers,
  };
}
