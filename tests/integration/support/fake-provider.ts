/**
 * What the provider fakes (./fake-twilio.ts, ./fake-infobip.ts) share: a local HTTP server, the
 * requests it took, the ones it refused as malformed (by the vendor's documented request shape,
 * a strict zod schema), and answers scripted per recipient (a 429 with Retry-After, a 503, a
 * permanent 400) that are given before the normal answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface Malformed {
  body: string;
  issues: string[];
}

export interface FakeServer {
  url: string;
  /** Requests refused because they did not match the vendor's documented shape. */
  malformed: Malformed[];
  /** Answers given (in order) to the next requests for a recipient, before the normal one. */
  script(to: string, ...answers: ScriptedAnswer[]): void;
  /** Recipients every request for which is answered with this (a permanent refusal). */
  refuse(to: string, answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function answer(res: ServerResponse, a: ScriptedAnswer): void {
  res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
  res.end(JSON.stringify(a.body));
}

/** The zod issues of a refused request as "path: message" lines. */
export function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join(".") || "(request)"}: ${i.message}`);
}

export interface Scripts {
  next(to: string): ScriptedAnswer | undefined;
}

export async function startFake(
  handle: (req: IncomingMessage, body: string, res: ServerResponse, scripts: Scripts, malformed: Malformed[]) => void,
): Promise<FakeServer> {
  const scripted = new Map<string, ScriptedAnswer[]>();
  const refused = new Map<string, ScriptedAnswer>();
  const malformed: Malformed[] = [];
  const scripts: Scripts = {
    next(to) {
      const queue = scripted.get(to);
      if (queue?.length) return queue.shift();
      return refused.get(to);
    },
  };
  const server: Server = createServer(async (req, res) => {
    handle(req, await readBody(req), res, scripts, malformed);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    malformed,
    script(to, ...answers) {
      scripted.set(to, [...(scripted.get(to) ?? []), ...answers]);
    },
    refuse(to, a) {
      refused.set(to, a);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
