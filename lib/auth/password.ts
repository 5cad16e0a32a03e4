/**
 * Password and secret hashing with scrypt (memory-hard, built into Node: no native addon to build)
 * at OWASP's parameters for scrypt: N=2^17, r=8, p=1 (128 MiB and about 0.4 s of one core per
 * hash). Stored form: scrypt$N$r$p$<salt b64>$<hash b64>, so a hash made with other parameters
 * still verifies and `needsRehash` tells sign-in to store a new one.
 *
 * Every derivation goes through one queue per process (lib/auth/hash-queue.ts): an unauthenticated
 * burst of sign-ins waits its turn instead of taking every core and gigabytes of memory.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { withHashSlot } from "./hash-queue";

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEYLEN = 32;
/** scrypt needs 128 * N * r bytes; the highest N accepted from a stored hash is bounded too. */
const MAX_N = 2 ** 20;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const maxmem = 2 * 128 * n * r;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await derive(secret, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  return sane ? { ...params, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") } : undefined;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(secret, parsed.salt, parsed.N, parsed.r, parsed.p);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash was made with other parameters than today's (sign-in then rehashes). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const { N, r, p } = SCRYPT_PARAMS;
  return !parsed || parsed.N !== N || parsed.r !== r || parsed.p !== p || parsed.hash.length !== KEYLEN;
}

// A hash to verify against when the account does not exist, so both paths take the same time.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashSecret("not-a-real-password");
  return dummy;
}
