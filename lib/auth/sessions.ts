/**
 * Server-side sessions: a browser session (the `sid` in the Auth.js cookie) or a bearer token (its
 * `jti`) is honoured only while its row is in `auth_sessions`. Signing out, revoking a token, a
 * password reset and disabling the user delete rows; the liveness of an id is cached like the
 * principals (./read-cache.ts), and deleting forgets it, so the change applies at once in this
 * process and within a second in others.
 */
import { type Database, db, getDatabase, openDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { newId } from "@/lib/http/ids";
import { log } from "@/lib/log";
import { type Cached, freshValue, readThrough } from "./read-cache";

export type SessionKind = "session" | "token";
export type SubjectKind = "user" | "client";

const alive = perDatabase("auth.sessions", (_database: Database) => new Map<string, Cached<boolean>>());
const purged = perDatabase("auth.sessions.purged", (_database: Database) => ({ at: 0 }));
const PURGE_EVERY_MS = 60_000;

/** Stores a new session or token id and answers it. */
export async function openSession(options: {
  kind: SessionKind;
  subjectKind: SubjectKind;
  subjectId: string;
  expires: Date;
}): Promise<string> {
  const database = await getDatabase();
  const id = newId(options.kind);
  await database.prisma.authSession.create({
    data: {
      session_id: id,
      kind: options.kind,
      subject_kind: options.subjectKind,
      subject_id: options.subjectId,
      date_expires: options.expires,
    },
  });
  await purgeExpired(database);
  return id;
}

/** Rows past their expiry go, at most once a minute per process (on the next sign-in). */
async function purgeExpired(database: Database): Promise<void> {
  const state = purged(database);
  if (Date.now() - state.at < PURGE_EVERY_MS) return;
  state.at = Date.now();
  try {
    await database.prisma.authSession.deleteMany({ where: { date_expires: { lt: new Date() } } });
  } catch (error) {
    log.warn("expired sessions not purged", { error });
  }
}

/** Whether this session or token id is still valid (cached a second, see ./read-cache.ts). */
export async function sessionAlive(id: string): Promise<boolean> {
  const database = await getDatabase();
  return readThrough(alive(database), id, async () => {
    const row = await database.prisma.authSession.findUnique({
      where: { session_id: id },
      select: { date_expires: true },
    });
    return row !== null && row.date_expires.getTime() > Date.now();
  });
}

/** The liveness read within the last second, without waiting (the content route's fast path). */
export function cachedSessionAlive(id: string): boolean | undefined {
  const database = openDatabase();
  return database ? freshValue(alive(database), id)?.value : undefined;
}

/** The subject of a live session or token id, or undefined. */
export async function sessionOwner(
  id: string,
): Promise<{ kind: SessionKind; subjectKind: SubjectKind; subjectId: string } | undefined> {
  const row = await (await db()).authSession.findUnique({ where: { session_id: id } });
  if (!row || row.date_expires.getTime() <= Date.now()) return undefined;
  return { kind: row.kind as SessionKind, subjectKind: row.subject_kind as SubjectKind, subjectId: row.subject_id };
}

/** Ends one session or token; whether it was there. */
export async function endSession(id: string): Promise<boolean> {
  const database = await getDatabase();
  const { count } = await database.prisma.authSession.deleteMany({ where: { session_id: id } });
  alive(database).delete(id);
  return count > 0;
}

/** Ends every session and token of a user or client (password reset, disabling). */
export async function endSessionsOf(options: { subjectKind: SubjectKind; subjectId: string }): Promise<number> {
  const database = await getDatabase();
  const { count } = await database.prisma.authSession.deleteMany({
    where: { subject_kind: options.subjectKind, subject_id: options.subjectId },
  });
  alive(database).clear();
  return count;
}
