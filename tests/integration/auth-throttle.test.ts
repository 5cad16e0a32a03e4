/**
 * One throttle for every door a password goes through (lib/auth/throttle.ts): Auth.js's
 * /api/auth/callback/credentials, the token grant and a password change count together, per
 * account and per address, in the database.
 */
import { describe, expect, it } from "vitest";
import * as authjs from "@/app/api/auth/[...nextauth]/route";
import * as token from "@/app/api/latest/auth/token/route";
import { hashConcurrency, hashQueueState } from "@/lib/auth/hash-queue";
import { hashSecret } from "@/lib/auth/password";
import { BASE_WAIT_S, FREE_FAILURES } from "@/lib/auth/throttle";
import { db } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-address";
import { newId } from "@/lib/http/ids";
import { call } from "./http";

const PASSWORD = "correct horse battery staple";
let n = 0;
const unique = (label: string) => `${label}-${++n}-${Date.now()}`;
const address = () => `198.51.100.${(++n % 250) + 1}`;

// One real hash of PASSWORD, made once: the accounts below share it (each createUser would run
// scrypt at OWASP's cost again, seconds per account on a busy 2-core CI host).
let passwordHash: Promise<string> | undefined;

async function newUser(): Promise<string> {
  const email = `${unique("throttle")}@example.com`;
  passwordHash ??= hashSecret(PASSWORD);
  const prisma = await db();
  await prisma.user.create({
    data: { id: newId("user"), email, role: "advanced", password_hash: await passwordHash },
  });
  return email;
}

type AuthjsPost = (request: Request) => Promise<Response>;

/** A sign-in through Auth.js's own endpoint, as a script would post it (CSRF token first). */
async function authjsSignIn(email: string, password: string, peer: string): Promise<Response> {
  const csrf = await (authjs.GET as unknown as AuthjsPost)(
    new Request("http://localhost/api/auth/csrf", { headers: { [PEER_HEADER]: peer } }),
  );
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (authjs.POST as unknown as AuthjsPost)(
    new Request("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, [PEER_HEADER]: peer },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: "/" }),
    }),
  );
}

const grant = (username: string, password: string, peer: string) =>
  call(token.POST, {
    path: "/auth/token",
    body: { grant_type: "password", username, password },
    headers: { [PEER_HEADER]: peer },
  });

describe("Auth.js's credentials endpoint", () => {
  it("signs in with the right password (a session cookie) and refuses a wrong one", async () => {
    const email = await newUser();
    const ok = await authjsSignIn(email, PASSWORD, address());
    expect(ok.status).toBe(302);
    expect(ok.headers.getSetCookie().join("\n")).toMatch(/authjs\.session-token=/);
    const wrong = await authjsSignIn(email, "wrong password here", address());
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("location")).toContain("error=CredentialsSignin");
    expect(wrong.headers.getSetCookie().join("\n")).not.toMatch(/authjs\.session-token=/);
  });

  it("after ten wrong passwords there, the token grant answers 429 with Retry-After even with the right password", async () => {
    const email = await newUser();
    for (let i = 0; i < FREE_FAILURES; i++) {
      // A new address each time: the account's own count does it.
      const res = await authjsSignIn(email, `wrong password ${i}`, address());
      expect(res.status, `attempt ${i + 1}`).toBe(302);
    }
    const res = await grant(email, PASSWORD, address());
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("rate_limited");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(BASE_WAIT_S - 5);
    expect(retryAfter).toBeLessThanOrEqual(BASE_WAIT_S);
    // And Auth.js's endpoint itself refuses with a visible wait, not a redirect.
    const again = await authjsSignIn(email, PASSWORD, address());
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await again.json()) as { code: string }).code).toBe("rate_limited");
  });

  it("failures at the token grant count at Auth.js's endpoint too", async () => {
    const email = await newUser();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await grant(email, `nope ${i} nope`, address())).status).toBe(401);
    expect((await authjsSignIn(email, PASSWORD, address())).status).toBe(429);
  });
});

describe("per address", () => {
  it("one address trying one password on many accounts meets 429 within a dozen tries", async () => {
    const peer = address();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const who = i % 2 === 0 ? `${unique("spray")}@example.com` : await newUser();
      const res = i % 3 === 0 ? await authjsSignIn(who, "Summer2024!!", peer) : await grant(who, "Summer2024!!", peer);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, FREE_FAILURES).every((s) => s === 401 || s === 302)).toBe(true);
    expect(statuses.slice(FREE_FAILURES)).toEqual([429, 429]);
    // Another address is not held back by it.
    expect((await grant(await newUser(), PASSWORD, address())).status).toBe(200);
  });
});

describe("backoff", () => {
  it("doubles the wait with each failure past the free ones, and a success forgets the account's failures", async () => {
    const email = await newUser();
    for (let i = 0; i < FREE_FAILURES; i++) await grant(email, `wrong ${i} wrong`, address());
    const first = await grant(email, PASSWORD, address());
    expect(Number(first.headers.get("retry-after"))).toBeLessThanOrEqual(BASE_WAIT_S);
    // Time passes: the wait is over (the gate's window moved into the past).
    const prisma = await db();
    const expireGate = () =>
      prisma.rateLimit.updateMany({
        where: { key: { contains: email }, NOT: { key: { contains: "fail" } } },
        data: { expire: new Date(Date.now() - 1000) },
      });
    await expireGate();
    expect((await grant(email, "still wrong here", address())).status).toBe(401);
    const second = await grant(email, PASSWORD, address());
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(BASE_WAIT_S);
    expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(2 * BASE_WAIT_S);
    await expireGate();
    expect((await grant(email, PASSWORD, address())).status).toBe(200);
    // Forgotten: one more failure is free again.
    expect((await grant(email, "wrong once more", address())).status).toBe(401);
    expect((await grant(email, PASSWORD, address())).status).toBe(200);
  });

  it("a burst of parallel wrong passwords past the free ones gets one attempt through, the rest 429", async () => {
    const email = await newUser();
    for (let i = 0; i < FREE_FAILURES - 1; i++) await grant(email, `wrong ${i} wrong`, address());
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => grant(email, `burst ${i} wrong`, address())));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429]);
  });
});

describe("password hashes", () => {
  it("run at most PASSWORD_HASH_CONCURRENCY at once; a burst queues", async () => {
    const emails = await Promise.all(Array.from({ length: 2 }, () => newUser()));
    let maxRunning = 0;
    let maxWaiting = 0;
    const timer = setInterval(() => {
      const state = hashQueueState();
      maxRunning = Math.max(maxRunning, state.running);
      maxWaiting = Math.max(maxWaiting, state.waiting);
    }, 5);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => grant(emails[i % 2]!, i < 2 ? PASSWORD : `wrong ${i} wrong`, address())),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 401, 401, 401, 401]);
    } finally {
      clearInterval(timer);
    }
    expect(maxRunning).toBeLessThanOrEqual(hashConcurrency());
    expect(maxRunning).toBeGreaterThan(0);
    expect(maxWaiting).toBeGreaterThan(0);
  });
});
