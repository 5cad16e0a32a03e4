import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as healthRoute from "@/app/api/health/route";
import { healthDirect } from "@/lib/health/health-answer";
import { directRoutes } from "./direct-routes";
import { validationError } from "./errors";
import { handle, JsonText } from "./handler";
import { defineOperation } from "./operation";

const op = defineOperation({
  method: "GET",
  path: "/things/{thing_id}/echo",
  tag: "test",
  summary: "echo",
  auth: "public",
  params: z.object({ thing_id: z.string() }),
  query: z.object({ n: z.coerce.number().int().max(5).default(1) }),
  response: z.object({ thing: z.string(), n: z.number(), who: z.string().nullable() }),
});

const echo = handle(op, async ({ params, query, headers }) => {
  if (params.thing_id === "cookie") {
    const response = new Response("plain", { status: 202 });
    response.headers.append("set-cookie", "a=1");
    response.headers.append("set-cookie", "b=2");
    return response;
  }
  if (params.thing_id === "bad") throw validationError([{ loc: ["path", "thing_id"], msg: "bad" }]);
  return { thing: params.thing_id, n: query.n, who: headers.get("identity_value") };
});

/** Answers from memory, without a promise, as the content route's fast path does. */
const now = handle(op, ({ params, query }) => {
  if (params.thing_id === "bad") throw validationError([{ loc: ["path", "thing_id"], msg: "bad" }]);
  return { thing: params.thing_id, n: query.n, who: null };
});
const nowOp = { ...op, path: "/things/{thing_id}/now" };

/** Answers JSON text whose tail is encoded already (as a shared content array is). */
const tail = Buffer.from(`"ünïcode tail ${"x".repeat(5000)}"}`, "utf8");
const encoded = handle(op, ({ params }) => {
  const head = `{"thing":${JSON.stringify(params.thing_id)},"n":1,"who":`;
  return new JsonText(`${head}${tail.toString("utf8")}`, { head, tail });
});
const encodedOp = { ...op, path: "/things/{thing_id}/encoded" };

let server: Server;
let base: string;

beforeAll(async () => {
  const direct = directRoutes([
    { operation: op, base: "/api", GET: echo },
    { operation: nowOp, base: "/api", GET: now },
    { operation: encodedOp, base: "/api", GET: encoded },
    { operation: { method: "GET", path: "/health" }, base: "/api", GET: healthDirect },
  ]);
  server = createServer((req, res) => {
    if (direct(req, res)) return;
    res.writeHead(418);
    res.end("next would answer");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("direct routes", () => {
  it("answers as the route handler does through Next: body, status, headers", async () => {
    const url = `${base}/api/things/a%20b/echo?n=3`;
    const direct = await fetch(url, { headers: { identity_value: "c-1", "x-request-id": "r-1" } });
    const web = await echo(new Request(url, { headers: { identity_value: "c-1", "x-request-id": "r-1" } }), {
      params: Promise.resolve({ thing_id: "a b" }),
    });
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({ thing: "a b", n: 3, who: "c-1" });
    expect(await web.json()).toEqual({ thing: "a b", n: 3, who: "c-1" });
    expect(direct.headers.get("x-request-id")).toBe("r-1");
    expect(direct.headers.get("content-type")).toBe("application/json");
  });

  it("answers validation errors in the one envelope", async () => {
    const res = await fetch(`${base}/api/things/x/echo?n=9`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors[0].loc).toEqual(["query", "n"]);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${base}/api/things/bad/echo`)).status).toBe(422);
  });

  it("answers health checks as the route module does, with the API's headers", async () => {
    const direct = await fetch(`${base}/api/health`, { headers: { "x-request-id": "h-1" } });
    const web = healthRoute.GET(new Request(`${base}/api/health`, { headers: { "x-request-id": "h-1" } }));
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual(await web.json());
    for (const name of ["x-request-id", "cache-control", "content-type"]) {
      expect(direct.headers.get(name)).toBe(web.headers.get(name));
    }
    expect(direct.headers.get("x-request-id")).toBe("h-1");
    expect(direct.headers.get("x-content-type-options")).toBe("nosniff");
    // Only GET: other methods, and paths below it, are Next's.
    expect((await fetch(`${base}/api/health`, { method: "POST" })).status).toBe(418);
    expect((await fetch(`${base}/api/health/x`)).status).toBe(418);
  });

  it("passes a Response the handler made, with every cookie", async () => {
    const res = await fetch(`${base}/api/things/cookie/echo`);
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("plain");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it("leaves other paths, other methods and malformed escapes to Next", async () => {
    expect((await fetch(`${base}/api/things/x/other`)).status).toBe(418);
    expect((await fetch(`${base}/api/things/x/echo`, { method: "POST" })).status).toBe(418);
    expect((await fetch(`${base}/api/things/%E0%A4%A/echo`)).status).toBe(418);
    expect((await fetch(`${base}/api/things/x/y/echo`)).status).toBe(418);
    // Asked for explicitly (to compare the two paths, or debug).
    expect((await fetch(`${base}/api/things/x/echo`, { headers: { "x-lumen-route": "next" } })).status).toBe(418);
  });

  it("answers without a promise when the handler does, errors included, alike over HTTP", async () => {
    const given = (thing: string) => ({
      url: `http://localhost/api/things/${thing}/now?n=2`,
      headers: { get: (name: string) => (name === "x-request-id" ? "r-now" : null) },
      params: { thing_id: thing },
      request: () => new Request(`http://localhost/api/things/${thing}/now?n=2`),
    });
    const ok = now.answer(given("a"));
    expect(ok).not.toBeInstanceOf(Promise);
    expect(ok).toMatchObject({ status: 200, headers: { "x-request-id": "r-now" } });
    expect(JSON.parse((ok as { body: string }).body)).toEqual({ thing: "a", n: 2, who: null });
    const bad = now.answer(given("bad"));
    expect(bad).not.toBeInstanceOf(Promise);
    expect(bad).toMatchObject({ status: 422 });
    // An async handler's answer is a promise.
    expect(echo.answer(given("a"))).toBeInstanceOf(Promise);
    const res = await fetch(`${base}/api/things/a/now?n=2`, { headers: { "x-request-id": "r-2" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("r-2");
    expect(res.headers.get("content-length")).toBe(String(JSON.stringify({ thing: "a", n: 2, who: null }).length));
    expect(await res.json()).toEqual({ thing: "a", n: 2, who: null });
    expect((await fetch(`${base}/api/things/bad/now`)).status).toBe(422);
  });

  it("sends a body whose tail is encoded already as the same bytes as its text", async () => {
    const res = await fetch(`${base}/api/things/${encodeURIComponent("žluťoučký")}/encoded`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const expected = { thing: "žluťoučký", n: 1, who: `ünïcode tail ${"x".repeat(5000)}` };
    expect(JSON.parse(bytes.toString("utf8"))).toEqual(expected);
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify(expected))));
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(expected)));
  });
});

describe("answers of one turn", () => {
  /** A request and a response as node's server gives them, recording what is written. */
  function exchange(thing: string, failing = false) {
    const req = {
      method: "GET",
      url: `/api/things/${thing}/now`,
      headers: { host: "localhost" },
      rawHeaders: ["host", "localhost"],
      socket: {},
    } as unknown as IncomingMessage;
    const written: string[] = [];
    const res = {
      req,
      writeHead: (status: number) => {
        if (failing) throw new TypeError("Invalid character in header content");
        written.push(`head ${status}`);
      },
      cork: () => undefined,
      write: () => true,
      end: (body: Buffer) => written.push(`body ${JSON.parse(body.toString("utf8")).thing}`),
      destroy: () => written.push("destroyed"),
    } as unknown as ServerResponse;
    return { req, res, written };
  }

  it("are written together once the turn has read every request, each in its own order", async () => {
    const direct = directRoutes([{ operation: nowOp, base: "/api", GET: now }]);
    const a = exchange("a");
    const b = exchange("b", true);
    const c = exchange("c");
    for (const x of [a, b, c]) expect(direct(x.req, x.res)).toBe(true);
    // Answered already (no promise), not yet written: the writes wait for the end of the turn.
    expect([a.written, b.written, c.written]).toEqual([[], [], []]);
    await new Promise((r) => setImmediate(r));
    expect(a.written).toEqual(["head 200", "body a"]);
    // An answer that cannot be written costs its own connection only.
    expect(b.written).toEqual(["destroyed"]);
    expect(c.written).toEqual(["head 200", "body c"]);
  });
});
