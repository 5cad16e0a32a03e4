"use client";

import { useEffect, useState } from "react";

/** An API call the page made, as the network log script notes it (lib/widgets/demo-store/network-log-script.ts). */
interface Entry {
  id: number;
  at: number;
  via: "fetch" | "beacon";
  method: string;
  path: string;
  term: string | null;
  identity: string | null;
  body: string | null;
  status: number | string | null;
}

type Logged = Window & { __lumenDemoLog?: Entry[] };

/** What a call was about, in a few words. */
function summarize(entry: Entry): { kind: string; detail: string } {
  if (entry.path.endsWith("/track/events")) {
    try {
      const body = JSON.parse(entry.body ?? "{}") as {
        cookie_id?: string;
        customer_id?: string;
        events?: { event_type: string; item_id?: string; term?: string; touchpoint_id?: string }[];
      };
      const events = (body.events ?? []).map(
        (e) => `${e.event_type}${e.item_id ? ` ${e.item_id}` : ""}${e.term ? ` “${e.term}”` : ""}`,
      );
      const who = body.customer_id ? `customer ${body.customer_id}` : `cookie ${body.cookie_id?.slice(0, 8) ?? "?"}…`;
      return { kind: "events", detail: `${events.length ? events.join(", ") : "identify"} · ${who}` };
    } catch {
      return { kind: "events", detail: "(unreadable body)" };
    }
  }
  const touchpoint = /touchpoints\/([^/]+)\/content/.exec(entry.path)?.[1] ?? entry.path;
  const who = entry.identity ? ` · ${entry.identity.replace(/=(.{8}).+$/, "=$1…")}` : " · default visitor";
  return entry.term !== null
    ? { kind: "search", detail: `“${entry.term}” · ${touchpoint}${who}` }
    : { kind: "content", detail: `${touchpoint}${who}` };
}

/** The calls the store's page made to Lumen's API, newest first: content, searches and event batches. */
export function EventLog() {
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    const refresh = () => setEntries([...((window as Logged).__lumenDemoLog ?? [])].reverse());
    refresh();
    document.addEventListener("lumen-demo:log", refresh);
    return () => document.removeEventListener("lumen-demo:log", refresh);
  }, []);
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4" aria-labelledby="event-log-heading">
      <h2 id="event-log-heading" className="text-base font-semibold">
        What this page sent
      </h2>
      <p className="mt-1 text-xs text-stone-600">
        Calls to Lumen&apos;s API, newest first. Events are sent in batches about a second after they happen.
      </p>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">Nothing yet.</p>
      ) : (
        <ol className="mt-3 max-h-[28rem] space-y-2 overflow-y-auto text-xs" data-testid="event-log">
          {entries.map((entry) => {
            const { kind, detail } = summarize(entry);
            return (
              <li
                key={entry.id}
                className="rounded-md border border-stone-100 bg-stone-50 p-2"
                data-testid="event-log-row"
                data-kind={kind}
              >
                <div className="flex justify-between gap-2 font-medium">
                  <span>
                    {entry.via === "beacon" ? "beacon" : entry.method} {kind}
                  </span>
                  <span data-testid="event-log-status">{entry.status ?? "…"}</span>
                </div>
                <div className="mt-0.5 break-words text-stone-700">{detail}</div>
                <time className="text-stone-600" dateTime={new Date(entry.at).toISOString()}>
                  {new Date(entry.at).toLocaleTimeString()}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
