/**
 * The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) behind a PostgreSQL wire
 * protocol server on a Unix socket, so the app reaches it exactly as it reaches PostgreSQL
 * (pg + @prisma/adapter-pg, pg-boss's own pool) and a long statement blocks only this thread.
 *
 * Plain JavaScript on purpose: a worker thread loads it the same way under tsx, vitest and Next.
 *
 * PGlite has one backend. Every client connection takes turns on it: a turn starts with the
 * connection's next message and lasts until PGlite answers ReadyForQuery with status idle (`I`),
 * so an extended-protocol exchange (Parse/Bind/Execute/Sync, an error skipping to Sync) and a whole
 * transaction (BEGIN ... COMMIT, status `T` or `E` between) never interleave with another
 * connection's messages. (pglite-socket's multiplexer hands the backend over between single
 * messages: concurrent statements then fail with "unnamed prepared statement does not exist".)
 * The connections share one session: SET (not SET LOCAL) and named prepared statements would leak
 * between them, and the app uses neither on the embedded database. LISTEN is shared too, and the
 * session's notifications come out in the reply of whichever connection's turn it is (the one
 * that committed the NOTIFY, usually): each NotificationResponse is also written to every other
 * connection that has issued LISTEN (pg-boss's listeners: a job sent wakes its workers at once).
 *
 * workerData: { dataDir?: string, loadFrom?: string (a tar made by "dump"), socketPath: string }
 * Messages in: { type: "dump", file } | { type: "stats" } | { type: "close" }.
 * Messages out: { type: "ready" } | { type: "busy" } (another opener serves socketPath) |
 *               { type: "failed", message } | { type: "reply", id, ... }.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lowerThisThreadPriority } from "../../threads/background-priority.mjs";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const READY_FOR_QUERY = 0x5a; // 'Z'
const NOTIFICATION_RESPONSE = 0x41; // 'A'
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
/** A transaction left open this long by a connection that sends nothing is logged (a likely deadlock). */
const IDLE_TURN_WARN_MS = 10_000;

const { dataDir, loadFrom, socketPath } = workerData;
// A long statement may use a core, but never ahead of the request thread.
lowerThisThreadPriority();

/** @type {PGlite | undefined} */
let db;
/** PGlite's answer to the first startup message (authentication ok, parameters, ready). */
let startupReply;
/** Startup messages waiting in a connection's queue (their answer is kept as startupReply). */
const startups = new WeakSet();
/** @type {Array<Connection>} connections waiting for a turn, in order of arrival */
const waiting = [];
/** @type {Connection | undefined} the connection whose turn it is */
let owner;
let pumping = false;
let turns = 0;
let longestTurnMs = 0;
let ownerSince = 0;
let ownerIdleTimer;

/** Connections that have issued LISTEN: the shared session's notifications are theirs. */
const listeners = new Set();

/**
 * Finds the NotificationResponse messages in the backend's output, which comes in chunks whose
 * ends need not fall between messages: a message's type byte and length are read as they come,
 * its body skipped, and a notification's bytes kept until whole. Each message run ends with whole
 * messages, so the scan starts afresh with each (reset).
 */
class NotificationScanner {
  /** Bytes of the current message still to pass (not a notification). */
  skip = 0;
  /** The start of a message whose type and length are not all here yet (under 5 bytes). */
  head = [];
  /** A notification being read: its parts and the bytes still to come. */
  grab = undefined;

  reset() {
    this.skip = 0;
    this.head = [];
    this.grab = undefined;
  }

  /** Calls found(message) for each whole notification completed by these bytes. */
  scan(bytes, found) {
    let i = 0;
    while (i < bytes.length) {
      if (this.grab) {
        const take = Math.min(this.grab.need, bytes.length - i);
        this.grab.parts.push(Buffer.from(bytes.subarray(i, i + take)));
        this.grab.need -= take;
        i += take;
        if (this.grab.need === 0) {
          found(Buffer.concat(this.grab.parts));
          this.grab = undefined;
        }
        continue;
      }
      if (this.skip > 0) {
        const take = Math.min(this.skip, bytes.length - i);
        this.skip -= take;
        i += take;
        continue;
      }
      let type;
      let length;
      if (this.head.length === 0 && bytes.length - i >= 5) {
        type = bytes[i];
        length = ((bytes[i + 1] << 24) | (bytes[i + 2] << 16) | (bytes[i + 3] << 8) | bytes[i + 4]) >>> 0;
        i += 5;
      } else {
        while (this.head.length < 5 && i < bytes.length) this.head.push(bytes[i++]);
        if (this.head.length < 5) return;
        const h = this.head;
        type = h[0];
        length = ((h[1] << 24) | (h[2] << 16) | (h[3] << 8) | h[4]) >>> 0;
        this.head = [];
      }
      const body = length - 4;
      if (type !== NOTIFICATION_RESPONSE) this.skip = body;
      else {
        const start = Buffer.alloc(5);
        start[0] = type;
        start.writeUInt32BE(length, 1);
        this.grab = { parts: [start], need: body };
        if (body === 0) {
          found(start);
          this.grab = undefined;
        }
      }
    }
  }
}
const notifications = new NotificationScanner();

/** A notification in `from`'s reply, written to the other listening connections too. */
function shareNotification(message, from) {
  for (const c of listeners) if (c !== from && !c.closed && c.socket.writable) c.socket.write(message);
}

class Connection {
  constructor(socket) {
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    /** @type {Uint8Array[]} complete messages not yet run */
    this.pending = [];
    this.started = false;
    this.closed = false;
    /** The last 6 bytes PGlite wrote for this connection: ReadyForQuery is `Z 0 0 0 5 status`. */
    this.tail = Buffer.alloc(0);
    /** Whether the connection's last exchange ended idle (ReadyForQuery `I`). */
    this.idle = true;
  }

  receive(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (this.buffer.length >= 4) {
      if (!this.started) {
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          this.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          // Cancelling a statement of the one backend is not supported: the client times out instead.
          this.socket.end();
          return;
        }
        this.started = true;
        if (startupReply) {
          // Every connection talks to the same backend in the same session: the handshake's answer
          // is the same, and giving it at once lets a client connect while another holds a turn.
          this.write(startupReply);
          continue;
        }
        const startup = new Uint8Array(message);
        startups.add(startup);
        this.pending.push(startup);
        continue;
      }
      if (this.buffer.length < 5) break;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) break;
      const message = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      if (message[0] === TERMINATE) {
        this.socket.end();
        return;
      }
      this.pending.push(new Uint8Array(message));
    }
    if (this.pending.length) schedule(this);
  }

  write(bytes) {
    this.tail = Buffer.concat([this.tail, Buffer.from(bytes.subarray(Math.max(0, bytes.length - 6)))]).subarray(-6);
    if (!this.closed && this.socket.writable) this.socket.write(Buffer.from(bytes));
  }

  /** The exchange ended with ReadyForQuery: its status byte, else undefined (more to come). */
  readyStatus() {
    const t = this.tail;
    if (t.length === 6 && t[0] === READY_FOR_QUERY && t.readInt32BE(1) === 5) return String.fromCharCode(t[5]);
    return undefined;
  }
}

/** The SQL of a Query or Parse message (for diagnostics), else undefined. */
function statementOf(message) {
  if (!message) return undefined;
  const bytes = Buffer.from(message);
  let start = 5;
  if (bytes[0] === 0x50)
    start = bytes.indexOf(0, 5) + 1; // Parse: name, then the query
  else if (bytes[0] !== 0x51) return undefined; // Query
  const end = bytes.indexOf(0, start);
  return bytes.toString("utf8", start, end < 0 ? undefined : end).slice(0, 300);
}

function schedule(connection) {
  if (connection !== owner && !waiting.includes(connection)) waiting.push(connection);
  if (connection === owner) clearTimeout(ownerIdleTimer);
  void pump();
}

function release() {
  const done = Date.now() - ownerSince;
  if (done > longestTurnMs) longestTurnMs = done;
  turns++;
  clearTimeout(ownerIdleTimer);
  const previous = owner;
  owner = undefined;
  // Fairness: a connection with more to say goes to the back of the line.
  if (previous && !previous.closed && previous.pending.length) waiting.push(previous);
}

async function pump() {
  if (pumping || !db) return;
  pumping = true;
  try {
    for (;;) {
      if (!owner) {
        owner = waiting.shift();
        if (!owner) break;
        ownerSince = Date.now();
        if (owner.closed) {
          owner = undefined;
          continue;
        }
      }
      const message = owner.pending.shift();
      if (!message) {
        // Mid-transaction (or mid-exchange): the turn stays with the owner until it speaks again.
        const held = owner;
        clearTimeout(ownerIdleTimer);
        ownerIdleTimer = setTimeout(() => {
          if (owner !== held) return;
          const next = waiting.find((c) => c.pending.length);
          console.warn(
            JSON.stringify({
              time: new Date().toISOString(),
              level: "warn",
              msg: "embedded database: a connection holds an open transaction without a statement; others wait",
              held_s: IDLE_TURN_WARN_MS / 1000,
              its_last_statement: held.lastStatement,
              next_waiting: next ? statementOf(next.pending[0]) : undefined,
              waiting: waiting.length,
            }),
          );
        }, IDLE_TURN_WARN_MS);
        ownerIdleTimer.unref?.();
        break;
      }
      const connection = owner;
      connection.tail = Buffer.alloc(0);
      const statement = statementOf(message);
      if (statement) {
        connection.lastStatement = statement;
        if (/^\s*LISTEN\s/i.test(statement)) listeners.add(connection);
      }
      const reply = startups.has(message) && !startupReply ? [] : undefined;
      notifications.reset();
      try {
        await db.execProtocolRawStream(message, {
          onRawData: (bytes) => {
            reply?.push(Buffer.from(bytes));
            connection.write(bytes);
            if (listeners.size) notifications.scan(bytes, (message) => shareNotification(message, connection));
          },
        });
        if (reply) startupReply = Buffer.concat(reply);
      } catch (error) {
        // PGlite answers protocol errors in-band; a throw here means the backend itself failed.
        console.error("[embedded database] a statement failed outside the protocol", error);
        connection.socket.destroy();
        await endTurnOf(connection);
        continue;
      }
      const status = connection.readyStatus();
      if (status !== undefined) connection.idle = status === "I";
      if (status === "I") release();
    }
  } finally {
    pumping = false;
  }
}

/** A connection went away: if it held the backend mid-exchange or mid-transaction, reset it. */
async function endTurnOf(connection) {
  connection.closed = true;
  listeners.delete(connection);
  connection.pending = [];
  const index = waiting.indexOf(connection);
  if (index >= 0) waiting.splice(index, 1);
  if (owner !== connection || !db) return;
  try {
    if (connection.readyStatus() === undefined) await db.execProtocolRawStream(SYNC, { onRawData: () => {} });
    if (db.isInTransaction()) await db.exec("ROLLBACK");
  } catch (error) {
    console.error("[embedded database] could not reset after a lost connection", error);
  }
  release();
}

const server = createServer({ noDelay: true }, (socket) => {
  const connection = new Connection(socket);
  socket.on("data", (chunk) => connection.receive(chunk));
  socket.on("error", () => {});
  socket.on("close", () => {
    void endTurnOf(connection).then(() => pump());
  });
});

function listen() {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function start() {
  try {
    await listen();
  } catch (error) {
    if (error.code === "EADDRINUSE") {
      parentPort.postMessage({ type: "busy" });
      return;
    }
    throw error;
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const loadDataDir = loadFrom ? new Blob([readFileSync(loadFrom)]) : undefined;
  db = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir });
  parentPort.postMessage({ type: "ready" });
  void pump();
}

async function close() {
  await new Promise((resolve) => {
    server.close(() => resolve());
    for (const c of [owner, ...waiting]) c?.socket.destroy();
  });
  try {
    unlinkSync(socketPath);
  } catch {}
  if (db && !db.closed) await db.close();
}

parentPort.on("message", async (message) => {
  try {
    if (message.type === "dump") {
      const dump = await db.dumpDataDir("none");
      writeFileSync(message.file, Buffer.from(await dump.arrayBuffer()));
      parentPort.postMessage({ type: "reply", id: message.id });
    } else if (message.type === "stats") {
      parentPort.postMessage({
        type: "reply",
        id: message.id,
        stats: {
          waiting: waiting.length,
          turns,
          longest_turn_ms: longestTurnMs,
          held_ms: owner ? Date.now() - ownerSince : 0,
        },
      });
    } else if (message.type === "close") {
      await close();
      parentPort.postMessage({ type: "reply", id: message.id });
    }
  } catch (error) {
    parentPort.postMessage({ type: "reply", id: message.id, error: String(error?.message ?? error) });
  }
});

start().catch((error) => parentPort.postMessage({ type: "failed", message: String(error?.stack ?? error) }));
