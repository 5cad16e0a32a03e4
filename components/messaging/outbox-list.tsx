"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Fragment } from "react";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { formatDateTime } from "../ui/format";
import { Select } from "../ui/select";
import { OUTBOX_CHANNELS, type TOutboxMessage, useOutbox } from "./queries";

const PAGE_SIZE = 20;

/** The outbox: every message the outbox provider took, newest first, with a channel filter. */
export function OutboxList() {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const channel = searchParams.get("channel") ?? "";
  const offset = Math.max(0, Number(searchParams.get("offset")) || 0);
  const outbox = useOutbox({ offset, limit: PAGE_SIZE, channel: channel || undefined });

  const go = (next: { channel?: string; offset?: number }) => {
    const q = new URLSearchParams();
    const c = next.channel ?? channel;
    if (c) q.set("channel", c);
    if (next.offset) q.set("offset", String(next.offset));
    router.replace(q.size ? `${pathname}?${q}` : pathname, { scroll: false });
  };

  const messages = outbox.data?.messages ?? [];
  const count = outbox.data?.count ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-44">
          <label htmlFor="outbox-channel" className="block text-sm font-medium text-slate-700">
            Channel
          </label>
          <Select
            id="outbox-channel"
            className="mt-1"
            value={channel}
            onChange={(event) => go({ channel: event.target.value, offset: 0 })}
          >
            <option value="">All channels</option>
            {OUTBOX_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="secondary" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          {outbox.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      {outbox.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading messages…
        </p>
      )}
      {outbox.error && <Alert tone="error">The outbox could not be loaded: {errorMessage(outbox.error)}</Alert>}
      {outbox.data && messages.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {channel ? `No ${channel} messages yet.` : "No messages yet."} A test SMS of a wheel promotion lands here.
        </p>
      )}
      {messages.length > 0 && (
        <ol
          className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="outbox"
        >
          {messages.map((m) => (
            <Message key={m.message_id} message={m} />
          ))}
        </ol>
      )}
      {count > PAGE_SIZE && (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
          <p className="tabular-nums">
            {offset + 1}–{Math.min(offset + PAGE_SIZE, count)} of {count}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={offset === 0}
              onClick={() => go({ offset: Math.max(0, offset - PAGE_SIZE) })}
            >
              Newer
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={offset + PAGE_SIZE >= count}
              onClick={() => go({ offset: offset + PAGE_SIZE })}
            >
              Older
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}

function Message({ message: m }: { message: TOutboxMessage }) {
  const kind = typeof m.context.kind === "string" ? m.context.kind : undefined;
  return (
    <li className="p-4" data-testid="outbox-message">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="indigo">{m.channel}</Badge>
        <span className="font-medium text-slate-900" data-testid="outbox-recipient">
          {m.recipient}
        </span>
        {kind && <Badge>{kind}</Badge>}
        <Badge tone={m.status === "sent" || m.status === "delivered" ? "green" : "slate"}>{m.status}</Badge>
        <span className="ml-auto text-xs text-slate-500 tabular-nums">{formatDateTime(m.date_created)}</span>
      </div>
      {m.subject && <p className="mt-1 text-sm font-medium text-slate-800">{m.subject}</p>}
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700" data-testid="outbox-body">
        <Linkified text={m.body} />
      </p>
    </li>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g;

/** The message's text with its links clickable (the wheel link of a test SMS). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part} className="font-medium break-all text-indigo-700 underline" data-testid="outbox-link">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
