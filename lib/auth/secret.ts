/**
 * AUTH_SECRET signs tokens and encrypts session cookies. When it is not set, the start script
 * uses one generated once and kept in DATA_DIR/auth-secret, so a fresh clone works and restarts
 * keep sessions. Production sets AUTH_SECRET (and every process of a deployment shares it).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { env, setEnv } from "@/lib/env";
import { log } from "@/lib/log";

export function ensureAuthSecret(): void {
  const settings = env();
  if (settings.AUTH_SECRET) return;
  const file = join(settings.DATA_DIR, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(settings.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    log.warn("AUTH_SECRET is not set: generated one in DATA_DIR/auth-secret; set AUTH_SECRET in production");
  }
  setEnv("AUTH_SECRET", readFileSync(file, "utf8").trim());
}

/**
 * For `npm run worker`: AUTH_SECRET, or the one `npm start` generated in this machine's DATA_DIR.
 * A worker never makes one up: the links it signs (tracked clicks, unsubscribes) must verify in the
 * web processes, so a worker without the web processes' secret says so and does not start.
 */
export function adoptAuthSecret(): boolean {
  const settings = env();
  if (settings.AUTH_SECRET) return true;
  const file = join(settings.DATA_DIR, "auth-secret");
  if (!existsSync(file)) return false;
  setEnv("AUTH_SECRET", readFileSync(file, "utf8").trim());
  return true;
}
