/**
 * Why the direct routes write the answers of one event-loop turn together after it
 * (lib/http/direct-routes.ts, sendSoon): two bare node:http servers in a child process each,
 * answering the same 5.7 KB JSON after the same busy work per request (`--work` µs: 0, and about
 * what a content request costs the service's thread), one writing each answer at once (the
 * baseline, as node:http servers do), the other queueing it and writing the turn's answers from
 * setImmediate (the target). Driven alike by autocannon in a worker thread (50 connections), in
 * the order baseline, target, target, baseline, half the duration each, so a drift of the
 * shared machine's speed weighs on both.
 */
import { z } from "zod";
import { parseOptions, type Scenario } from "../lib";
import { startChildServer } from "../service";
import { type LoadResult, load } from "./search";

const ZOptions = z.object({
  work: z
    .string()
    .default("0,30,60")
    .transform((s) => s.split(",").map(Number)),
  connections: z.coerce.number().int().min(1).max(1000).default(50),
  duration: z.coerce.number().int().min(2).max(600).default(10),
});

/** The child's server: `MODE` now | turn; `WORK_US` of busy work per request. */
const SERVER = `
process.on("disconnect", () => process.exit());
const body = Buffer.from(JSON.stringify({ content: Array.from({ length: 10 }, (_, i) => ({ position: i, name: "x".repeat(540) })) }));
const work = Number(process.env.WORK_US) / 1000;
const turn = process.env.MODE === "turn";
let ready = [];
function write(res) {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}
function writeReady() {
  const list = ready;
  ready = [];
  for (const res of list) write(res);
}
require("node:http").createServer((req, res) => {
  const end = performance.now() + work;
  while (performance.now() < end);
  if (!turn) return write(res);
  if (ready.length === 0) setImmediate(writeReady);
  ready.push(res);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));`;

function server(mode: "now" | "turn", workUs: number) {
  return startChildServer(SERVER, { MODE: mode, WORK_US: String(workUs) });
}

async function measured(mode: "now" | "turn", workUs: number, options: z.infer<typeof ZOptions>) {
  const s = await server(mode, workUs);
  try {
    await load({ url: s.url, paths: ["/"], connections: options.connections, duration: 1 }); // warm-up
    return await load({
      url: s.url,
      paths: ["/"],
      connections: options.connections,
      duration: Math.max(1, Math.round(options.duration / 2)),
    });
  } finally {
    await s.stop();
  }
}

/** Two halves as one: their requests over their time, the worse p99. */
function joined(a: LoadResult, b: LoadResult) {
  return {
    requests_per_s: Math.round((a.requests_per_s + b.requests_per_s) / 2),
    p50_ms: Math.max(a.p50_ms, b.p50_ms),
    p99_ms: Math.max(a.p99_ms, b.p99_ms),
    errors: a.errors + b.errors,
  };
}

export const writeBatching: Scenario = {
  name: "write-batching",
  description:
    "answers written at once vs the turn's answers written together after it (setImmediate), on bare node:http servers doing the same busy work per request",
  async run(args) {
    const options = parseOptions(args, ZOptions);
    const results: Record<string, unknown> = {};
    const ratio: Record<string, number> = {};
    for (const work of options.work) {
      const a1 = await measured("now", work, options);
      const t1 = await measured("turn", work, options);
      const t2 = await measured("turn", work, options);
      const a2 = await measured("now", work, options);
      const atOnce = joined(a1, a2);
      const afterTurn = joined(t1, t2);
      const r = Math.round((afterTurn.requests_per_s / atOnce.requests_per_s) * 100) / 100;
      console.log(
        `  work ${work} µs: at once ${atOnce.requests_per_s} req/s p99 ${atOnce.p99_ms} ms | after the turn ${afterTurn.requests_per_s} req/s p99 ${afterTurn.p99_ms} ms | ${r}x`,
      );
      results[`work_${work}_us`] = { at_once: atOnce, after_the_turn: afterTurn };
      ratio[`work_${work}_us`] = r;
    }
    return {
      parameters: {
        connections: options.connections,
        duration_s: options.duration,
        body_bytes: 5_715,
        http: "two bare node:http servers in a child process each; autocannon in a worker thread of the bench process, same 2-core machine; order at once, after the turn, after the turn, at once",
      },
      results,
      baseline: "the same server writing each answer at once",
      ratio,
    };
  },
};
