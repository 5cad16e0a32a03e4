/**
 * No personal data in any log line: a realistic sequence (customers with e-mails, phones and names
 * through intake, a touchpoint calculated and served to one of them by customer id, a campaign
 * preview for them, failed sign-ins with e-mails as user names) runs at LOG_LEVEL=debug while
 * everything written to stderr is kept; then the kept lines are searched for those values. Also
 * checks the one JSON line per API request (request id, route template, status, time).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as token from "@/app/api/latest/auth/token/route";
import * as preview from "@/app/api/latest/campaigning-studio/campaignings/preview/route";
import * as oneSuppression from "@/app/api/latest/campaigning-studio/suppressions/[suppression_id]/route";
import * as suppressions from "@/app/api/latest/campaigning-studio/suppressions/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { getDatabase, setDatabase } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { startWorkers } from "@/lib/jobs/registry";
import { call, tokenFor } from "./http";
import { waitForTouchpoint } from "./studio";

// Synthetic people: values distinctive enough that any appearance in a log line is a leak.
const PEOPLE = [
  {
    customer_id: "lp-cust-1",
    first_name: "Zbyslava",
    last_name: "Hrdonova",
    email: "zbyslava.hrdonova@example.net",
    phone_number: "+420 601 234 567",
  },
  {
    customer_id: "lp-cust-2",
    first_name: "Radomir",
    last_name: "Kvapilik",
    email: "radomir.kvapilik@example.org",
    phone_number: "+421 905 123 456",
  },
];
/** What must not appear: each e-mail, each phone as sent and as stored (E.164), each name. */
const PERSONAL = PEOPLE.flatMap((p) => [
  p.email,
  p.phone_number,
  p.phone_number.replace(/ /g, ""),
  p.phone_number.replace(/ /g, "").slice(4),
  p.first_name,
  p.last_name,
]);
const STAFF_EMAIL = "marketer@example.com";
const SUPER_EMAIL = "super@example.com";

const lines: string[] = [];
let restore: () => void;

beforeAll(() => {
  setEnv("LOG_LEVEL", "debug");
  const original = process.stderr.write.bind(process.stderr);
  const spy = vi.spyOn(process.stderr, "write").mockImplementation(((
    chunk: string | Uint8Array,
    ...rest: unknown[]
  ) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write);
  restore = () => spy.mockRestore();
});

afterAll(() => {
  restore();
  setEnv("LOG_LEVEL", "error");
  resetEnvCache();
});

describe("log lines", () => {
  it("carry no e-mail, phone or name through intake, serving, a preview and failed sign-ins", async () => {
    const admin = await tokenFor("advanced");
    const user = await tokenFor("user");
    await startWorkers({ concurrency: 1 });
    const post = async (handler: typeof items.POST, path: string, body: unknown) => {
      const res = await call(handler, { path, token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    await post(items.POST, "/data/items", {
      items: [0, 1, 2].map((i) => ({ item_id: `lp-item-${i}`, item_name: `Log item ${i}`, product_price: 10 + i })),
    });
    // One record refused for its e-mail: the rejection names the field, never the value, in logs.
    const intake = await post(customers.POST, "/data/customers", {
      customers: [
        ...PEOPLE.map((p) => ({ ...p, email_consent: true, sms_consent: true })),
        { customer_id: "lp-cust-3", first_name: PEOPLE[0]!.first_name, email: `not-an-email ${PEOPLE[0]!.email}` },
      ],
    });
    expect(intake).toMatchObject({ received: 3, upserted: 2 });
    await post(events.POST, "/data/events", {
      events: PEOPLE.map((p, i) => ({
        event_type: "purchase",
        customer_id: p.customer_id,
        item_id: `lp-item-${i}`,
        price: 10,
        timestamp: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19),
      })),
    });

    // A touchpoint calculated by the job worker and served to a customer by id.
    const strategy = await call(strategies.POST, {
      path: "/touchpoint-studio/rules/strategies",
      token: user,
      body: {
        strategy_name: "log privacy",
        strategy_type: "smart-recommender",
        strategy_subtype: "carousel",
        segments: ["all_customers"],
        rules: [{ rule_type: "best-sellers", positions: [0, 1], values: [] }],
      },
    });
    expect(strategy.status, JSON.stringify(strategy.body)).toBe(201);
    const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token: user });
    const touchpoint = await call(touchpoints.POST, {
      path: "/touchpoint-studio/rules/touchpoints",
      token: user,
      body: {
        touchpoint_name: "log privacy carousel",
        touchpoint_type: "smart-recommender",
        position: list.body.positions[0].position_id,
        number_of_positions: 2,
        default_strategy: strategy.body.strategy_id,
        is_active: true,
        is_draft: false,
      },
    });
    expect(touchpoint.status, JSON.stringify(touchpoint.body)).toBe(201);
    const touchpointId = touchpoint.body.touchpoint_id as string;
    await waitForTouchpoint(user, touchpointId);
    const served = await call(content.GET, {
      path: `/touchpoint-studio/touchpoints/${touchpointId}/content`,
      params: { touchpoint_id: touchpointId },
      token: user,
      headers: { identity_type: "customer_id", identity_value: PEOPLE[0]!.customer_id, "x-request-id": "lp-content-1" },
    });
    expect(served.status, JSON.stringify(served.body)).toBe(200);

    // A campaign preview for the customer (their name fills the text) and one for nobody.
    const shown = await call(preview.POST, {
      path: "/campaigning-studio/campaignings/preview",
      token: user,
      body: {
        channel_type: "email",
        customer_id: PEOPLE[0]!.customer_id,
        channel_subject: "For {ph_customer.first_name}",
        channel_message_text: "Hello {ph_customer.first_name} {ph_customer.last_name}",
      },
    });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(JSON.stringify(shown.body)).toContain(PEOPLE[0]!.first_name);

    // The studio's pickers look people up by e-mail and name (in the query string).
    const found = await call(customers.GET, {
      path: "/data/customers",
      token: user,
      query: { search: PEOPLE[0]!.email },
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const byAddress = await call(suppressions.GET, {
      path: "/campaigning-studio/suppressions",
      token: user,
      query: { address: PEOPLE[1]!.email },
    });
    expect(byAddress.status, JSON.stringify(byAddress.body)).toBe(200);
    // A customer's address suppressed by the marketer, and the suppression removed by a super user.
    const suppressed = await call(suppressions.POST, {
      path: "/campaigning-studio/suppressions",
      token: user,
      body: { channel: "email", address: PEOPLE[0]!.email, note: "asked to stop" },
    });
    expect(suppressed.status, JSON.stringify(suppressed.body)).toBe(201);
    const suppressionId = suppressed.body.suppression_id as string;
    const removed = await call(oneSuppression.DELETE, {
      method: "DELETE",
      path: `/campaigning-studio/suppressions/${suppressionId}`,
      params: { suppression_id: suppressionId },
      token: await tokenFor("super"),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(lines.some((l) => l.includes('"msg":"suppression removed"') && l.includes('"by":"user:'))).toBe(true);
    // The same search failing on the database's side: its error line must not carry the query.
    const database = await getDatabase();
    const failingCustomers = new Proxy(database.prisma.customer, {
      get: () => () => Promise.reject(new Error("the database went away")),
    });
    const prisma = new Proxy(database.prisma, {
      get: (target, name) => (name === "customer" ? failingCustomers : Reflect.get(target, name)),
    });
    setDatabase({ ...database, prisma });
    try {
      const failed = await call(customers.GET, {
        path: "/data/customers",
        token: user,
        query: { search: PEOPLE[1]!.last_name },
      });
      expect(failed.status).toBe(500);
    } finally {
      setDatabase(database);
    }
    expect(lines.some((l) => l.includes('"msg":"unhandled error"') && l.includes("the database went away"))).toBe(true);

    // Failed sign-ins: a customer's e-mail and a staff member's, with wrong passwords.
    for (const username of [PEOPLE[1]!.email, STAFF_EMAIL]) {
      const refused = await call(token.POST, {
        path: "/auth/token",
        body: { grant_type: "password", username, password: "wrong-password" },
      });
      expect(refused.status).toBe(401);
    }

    const text = lines.join("\n");
    // The capture works: lines of this run are there (the request lines at info level).
    const requests = lines.filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l));
    expect(requests.length).toBeGreaterThanOrEqual(8);
    expect(requests.find((r) => r.request_id === "lp-content-1")).toMatchObject({
      level: "info",
      method: "GET",
      route: "/touchpoint-studio/touchpoints/{touchpoint_id}/content",
      status: 200,
      ms: expect.any(Number),
    });
    expect(requests.some((r) => r.route === "/auth/token" && r.status === 401)).toBe(true);
    for (const value of [...PERSONAL, STAFF_EMAIL, SUPER_EMAIL]) {
      const leaked = lines.filter((l) => l.toLowerCase().includes(value.toLowerCase()));
      expect(leaked, `"${value}" is in a log line`).toEqual([]);
    }
    expect(text.length).toBeGreaterThan(0);
  });
});
