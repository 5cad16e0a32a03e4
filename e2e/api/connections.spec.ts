/**
 * Connections to `npm start` as an integrating system makes them, through Next's router: a
 * keep-alive client (one socket) idles across node's old keep-alive timeout between intake
 * batches and keeps its connection; bodies over the limit get a 413 the client reads after
 * sending everything, and the connection goes on. (tests/integration/http-server.test.ts covers
 * the same server function with more rounds and a busy-thread case.)
 */
import { Agent, request as httpRequest } from "node:http";
import { DEMO_PASSWORD } from "../support/accounts";
import { expect, test } from "../support/contract";

interface Sent {
  status?: number;
  text?: string;
  errors: string[];
  reused: boolean;
  localPort?: number;
}

function send(
  base: string,
  agent: Agent,
  options: { path: string; token?: string; body: Buffer; chunked?: boolean },
): Promise<Sent> {
  const url = new URL(options.path, base);
  return new Promise((resolve) => {
    const out: Sent = { errors: [], reused: false };
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (!options.chunked) headers["content-length"] = options.body.length;
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent, headers },
      (res) => {
        out.status = res.statusCode;
        out.localPort = res.socket.localPort;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => {
          out.text = text;
        });
      },
    );
    req.on("socket", () => {
      out.reused = req.reusedSocket;
    });
    req.on("error", (e: NodeJS.ErrnoException) => out.errors.push(e.code ?? e.message));
    req.on("close", () => setImmediate(() => resolve(out)));
    req.setTimeout(20_000, () => {
      out.errors.push("no end within 20 s");
      req.destroy();
    });
    if (!options.chunked) req.end(options.body);
    else {
      for (let i = 0; i < options.body.length; i += 1 << 20) req.write(options.body.subarray(i, i + (1 << 20)));
      req.end();
    }
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

async function signIn(base: string): Promise<string> {
  const agent = new Agent();
  const res = await send(base, agent, {
    path: "/api/latest/auth/token",
    body: json({ grant_type: "password", username: "advanced@example.com", password: DEMO_PASSWORD }),
  });
  agent.destroy();
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text!).access_token as string;
}

test("a keep-alive client idling 6.5 s between 1,000-item batches keeps its connection and every record", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signIn(baseURL!);
  const tag = `ka${Date.now().toString(36)}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ports = new Set<number>();
  try {
    for (let round = 0; round < 3; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 6500));
      const items = Array.from({ length: 1000 }, (_, i) => ({
        item_id: `${tag}-${round}-${i}`,
        item_name: `Keep-alive ${round}/${i}`,
        product_price: 2,
      }));
      const res = await send(baseURL!, agent, { path: "/api/latest/data/items", token, body: json({ items }) });
      expect(res.errors, `round ${round}`).toEqual([]);
      expect(res.status, res.text).toBe(200);
      if (round > 0) expect(res.reused, `round ${round} on the kept connection`).toBe(true);
      ports.add(res.localPort!);
    }
  } finally {
    agent.destroy();
  }
  expect(ports.size).toBe(1);
  const stored = await request.get(`/api/latest/data/items?search=${tag}&limit=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(stored.status()).toBe(200);
  expect((await stored.json()).count).toBe(3000);
});

for (const chunked of [false, true]) {
  test(`a body over the limit ${chunked ? "sent chunked" : "with Content-Length"} gets a 413 the client reads`, async ({
    baseURL,
  }) => {
    const token = await signIn(baseURL!);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = json({ items: [{ item_id: "too-big", item_name: "x".repeat(11 << 20) }] });
      const res = await send(baseURL!, agent, { path: "/api/latest/data/items", token, body, chunked });
      expect(res.errors).toEqual([]);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text!)).toMatchObject({ code: "payload_too_large" });
      const next = await send(baseURL!, agent, {
        path: "/api/latest/data/items",
        token,
        body: json({ items: [{ item_id: `after-413-${chunked}`, item_name: "After" }] }),
      });
      expect(next.errors).toEqual([]);
      expect(next.status, next.text).toBe(200);
    } finally {
      agent.destroy();
    }
  });
}
