/**
 * Every setting of the service, parsed once with zod. Nothing else reads process.env.
 * Defaults make `npm start` work on a fresh clone: PGlite under ./.data, demo data, demo users.
 */
import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { parseProxies } from "@/lib/http/proxies";
import { CUSTOMER_LEARNED_KINDS } from "@/lib/recommend/rule-constants";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const ZEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    /**
     * A PostgreSQL streaming replica for the heavy reads (funnels, exports, model builds, reports;
     * lib/db/replica.ts). Needs DATABASE_URL: ignored, with a warning, on the embedded database.
     */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    /** How long a heavy read waits for the replica to replay the primary's writes before it reads the primary. */
    DATABASE_REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    DATA_DIR: z.string().min(1).default("./.data"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Unset: http://localhost:<PORT>. */
    PUBLIC_URL: z.url().optional(),
    /** At least 32 bytes; each purpose gets its own key derived from it (lib/auth/keys.ts). */
    AUTH_SECRET: z
      .string()
      .refine((v) => Buffer.byteLength(v) >= 32, "must be at least 32 bytes: use `openssl rand -base64 32`")
      .optional(),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86400 * 30)
      .default(3600),
    TIMEZONE: z
      .string()
      .default("UTC")
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, "must be an IANA time zone such as UTC or Europe/Prague"),
    TENANT_ID: z.string().min(1).default("default"),
    CLIENT_CODE: z
      .string()
      .regex(/^[a-z0-9-]+$/, "lowercase letters, digits and dashes")
      .default("lumen"),
    UTM_SYSTEM: z.string().default("lumen"),
    UTM_SERVICE: z.string().default("personalization"),
    DEMO_DATA: bool.default(true),
    DEMO_PASSWORD: z.string().min(8).default("demo-password"),
    /**
     * Demo accounts (marketer@, advanced@, super@example.com with DEMO_PASSWORD) on an empty
     * database. Unset: on unless NODE_ENV=production (lib/auth/demo-users.ts demoUsersEnabled).
     */
    DEMO_USERS: bool.optional(),
    /**
     * Publishable keys (pk_...): requests per second per visitor (client address) and key, and per
     * key in each web process; bursts of 5 s worth pass. 0: no limit (benches). lib/auth/key-limits.ts.
     */
    PUBLISHABLE_KEY_VISITOR_RATE: z.coerce.number().min(0).max(1_000_000).default(20),
    PUBLISHABLE_KEY_RATE: z.coerce.number().min(0).max(10_000_000).default(2000),
    /** Password hashes run at once per process (unset: one less than the cores, at least one). */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    SHARED_DATA_DIR: z.string().default("../shared/data"),
    RUN_WORKERS: z.enum(["in-process", "separate", "none"]).optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** The queues a worker takes, e.g. `sends=4,exports` (lib/jobs/pools.ts); unset: every queue. */
    WORKER_QUEUES: z.string().optional(),
    /** A running job whose worker stopped beating for this long is handed to another (lib/jobs/boss.ts). */
    JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
    /**
     * How often an idle job worker looks for jobs no notification announced (a retry or a delayed
     * send coming due); a job sent wakes its queue's workers at once (LISTEN/NOTIFY).
     */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(10),
    /** How often pg-boss looks for jobs whose worker died or whose time ran out. */
    JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
    /** SIGTERM: how long requests in flight and running jobs get before the process stops. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Beyond SHUTDOWN_TIMEOUT_MS, when a stopping process ends whatever still hangs (lib/hard-stop.ts). */
    SHUTDOWN_HARD_STOP_EXTRA_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
    /** Each process logs its memory (rss, heap, external) at info level this often; 0: never (lib/memory-log.ts). */
    MEMORY_LOG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
    /** Search results kept per process for repeated terms (0: none); dropped on every catalog change. */
    SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
    /** The kind behind customer lists' product_1..product_10 (recommendations_type default). */
    DEFAULT_RECOMMENDATION_KIND: z.enum(CUSTOMER_LEARNED_KINDS).default("ai-community-based"),
    /** Filters one audience (or one estimate) may hold; more is refused with 422 at `filters`. */
    AUDIENCE_MAX_FILTERS: z.coerce.number().int().min(1).max(1000).default(50),
    /**
     * How long an ad-hoc customer query (audience funnels and counts, customer lists by filters)
     * may run before it is stopped and answered with 503 query_timeout and Retry-After.
     * PostgreSQL: statement_timeout. The embedded database cannot stop a statement: the request
     * is answered at the deadline while the statement runs to its end (docs/security.md, "Limits").
     */
    QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** An event-loop stall at least this long is logged with what was running (lib/health/event-loop.ts). */
    STALL_LOG_MS: z.coerce.number().int().min(20).max(60_000).default(200),
    /** Nice value of background threads (lib/threads/background-priority.mjs, which reads it itself). */
    BACKGROUND_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /**
     * Source-mapped stack traces for the app's compiled server chunks under `npm start` (always on
     * under `npm run dev`). Off by default: Node keeps every loaded chunk's source map for the
     * life of the process, about 75 MB of the web thread's heap (scripts/start.ts).
     */
    SOURCE_MAPS: bool.default(false),
    /**
     * Shop origins that may show the public wheel page (/w/<token>) in a frame, space- or
     * comma-separated (https://shop.example). Every other page may not be framed.
     */
    WHEEL_FRAME_ANCESTORS: z
      .string()
      .default("")
      .refine(
        (text) => text.split(/[\s,]+/).every((o) => o === "" || /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o)),
        "must be origins such as https://shop.example, separated by spaces or commas",
      ),
    /** When the recommendation models are rebuilt from all events (cron, the server's time zone). */
    RECS_BUILD_CRON: z.string().default("30 2 * * *"),
    /**
     * Months of events kept besides the current one (lib/data/drop-expired-events.ts): older month
     * partitions are dropped daily. Unset: every event is kept. At least 6, as the 180-day purchase
     * counts need them.
     */
    EVENT_RETENTION_MONTHS: z.coerce.number().int().min(6).max(1200).optional(),
    /**
     * Days of events the recommendation models are built from (the newest). Unset: every stored
     * event. Bounds the build's memory and time as events grow (docs/scaling.md, "Model builds").
     */
    RECS_BUILD_WINDOW_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
    /** New events that make a rebuild worth it before the schedule (checked every 10 minutes). */
    RECS_REBUILD_EVENTS: z.coerce.number().int().min(1).default(100_000),
    /**
     * Minutes between incremental updates of the community and related models from the purchases
     * since the last build (lib/recommend/model-update.ts); 0: none, they wait for the next build.
     */
    RECS_UPDATE_MINUTES: z.coerce.number().int().min(0).max(59).default(5),
    /**
     * Where e-mail goes: an smtp:// or smtps:// URL (user and password in it). Unset: e-mails are
     * kept in the outbox (the studio's Outbox page) instead of being sent.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    /** The sender of every e-mail the service sends (exports' links, campaigns). */
    EMAIL_FROM: z.string().min(3).default("Lumen <no-reply@lumen.local>"),
    /**
     * The domain of campaign e-mail's VERP return path: the envelope sender is
     * bounce+<message id>@BOUNCE_DOMAIN, so bounces name their message. Its MX should point at the
     * inbound SMTP listener (INBOUND_SMTP_PORT). Unset: the envelope sender is EMAIL_FROM's address.
     */
    BOUNCE_DOMAIN: z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i,
        "must be a domain name such as bounces.shop.example",
      )
      .optional(),
    /**
     * The port of the inbound SMTP listener for DSN bounces and ARF complaints, started with the job
     * workers (one process listens; other workers log that the port is taken). Unset: no listener.
     */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The interface the inbound SMTP listener binds (default all). */
    INBOUND_SMTP_HOST: z.string().min(1).default("0.0.0.0"),
    /** Messages per second handed to the SMTP server, per process (0: unlimited). */
    SMTP_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(0),
    /** Where SMS goes: twilio (the settings below), or outbox (kept, not sent). */
    SMS_PROVIDER: z.enum(["twilio", "outbox"]).default("outbox"),
    TWILIO_BASE_URL: z.url().default("https://api.twilio.com"),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The SMS sender: a phone number (From), or a Twilio messaging service id (MG...). */
    SMS_SENDER: z.string().min(1).optional(),
    /** SMS handed to the provider per second, per process (0: unlimited). */
    SMS_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(10),
    /** Where Viber messages go: infobip (the settings below), or outbox (kept, not sent). */
    VIBER_PROVIDER: z.enum(["infobip", "outbox"]).default("outbox"),
    INFOBIP_BASE_URL: z.url().optional(),
    INFOBIP_API_KEY: z.string().min(1).optional(),
    /** The Viber business sender name registered with Infobip. */
    VIBER_SENDER: z.string().min(1).optional(),
    /** Viber messages handed to the provider per second, per process (0: unlimited). */
    VIBER_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(10),
    /**
     * The country a phone number written without +country code belongs to (ISO 3166 alpha-2, e.g.
     * CZ): intake stores every phone in E.164 (lib/messaging/phone-number.ts). Unset: such numbers
     * are refused as invalid.
     */
    DEFAULT_PHONE_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "must be a two-letter country code (ISO 3166-1 alpha-2)")
      .refine(isSupportedCountry, "is not a country libphonenumber-js knows")
      .optional(),
    /**
     * DKIM signing of e-mail (all three of domain, selector and key, or none): the d= domain, the
     * selector whose TXT record at <selector>._domainkey.<domain> holds the public key, and the
     * private key (PEM) itself or a file holding it.
     */
    DKIM_DOMAIN: z.string().trim().min(1).optional(),
    DKIM_SELECTOR: z.string().trim().min(1).optional(),
    DKIM_PRIVATE_KEY: z.string().min(1).optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /**
     * The bearer token of GET /api/metrics (Prometheus; lib/metrics). Unset: the route answers 404.
     * At least 16 characters: `openssl rand -hex 24`.
     */
    METRICS_TOKEN: z.string().min(16).optional(),
    /**
     * Rows each in-memory write buffer (impression counts per touchpoint and day, search events)
     * holds at most while the database is slow or away; beyond it rows are dropped, counted and logged.
     */
    EVENT_BUFFER_MAX: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
    /**
     * How long the server keeps an idle keep-alive connection open: longer than the clients' and
     * load balancers' own idle time (60 s is common), so the server is never the one that closes a
     * connection a client is about to reuse.
     */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(299_000).default(65_000),
    /** How long a request's headers may take to arrive: above the keep-alive timeout, at most node's 300 s request timeout. */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(66_000),
    /** Proxies whose X-Forwarded-For is believed (IPs and CIDR ranges, comma-separated; none by default). */
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .superRefine((text, ctx) => {
        const parsed = parseProxies(text);
        if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      }),
  })
  .superRefine((e, ctx) => {
    // A provider chosen needs its credentials and sender; say which are missing at start-up.
    const need = (when: boolean, names: (keyof typeof e)[], why: string) => {
      for (const name of names) {
        if (when && !e[name]) ctx.addIssue({ code: "custom", path: [name], message: `is required when ${why}` });
      }
    };
    if (e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_KEEP_ALIVE_TIMEOUT_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_MS"],
        message: `must be above HTTP_KEEP_ALIVE_TIMEOUT_MS (${e.HTTP_KEEP_ALIVE_TIMEOUT_MS})`,
      });
    }
    need(e.SMS_PROVIDER === "twilio", ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "SMS_SENDER"], "SMS_PROVIDER=twilio");
    const dkimKey = e.DKIM_PRIVATE_KEY ?? e.DKIM_PRIVATE_KEY_FILE;
    need(Boolean(e.DKIM_DOMAIN || e.DKIM_SELECTOR || dkimKey), ["DKIM_DOMAIN", "DKIM_SELECTOR"], "DKIM is configured");
    if ((e.DKIM_DOMAIN || e.DKIM_SELECTOR) && !dkimKey) {
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY"],
        message: "or DKIM_PRIVATE_KEY_FILE is required when DKIM is configured",
      });
    }
    need(
      e.VIBER_PROVIDER === "infobip",
      ["INFOBIP_BASE_URL", "INFOBIP_API_KEY", "VIBER_SENDER"],
      "VIBER_PROVIDER=infobip",
    );
  })
  .transform((e) => ({ ...e, PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}` }));

export type Env = z.infer<typeof ZEnv>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests and scripts change settings between runs; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}

/** Sets a setting for this process (start-up fills AUTH_SECRET) and forgets the parsed copy. */
export function setEnv(name: Exclude<keyof Env, "NODE_ENV">, value: string): void {
  (process.env as Record<string, string>)[name] = value;
  cached = undefined;
}
