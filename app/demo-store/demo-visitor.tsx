"use client";

import { useEffect, useId, useState } from "react";
import { lumen, whenLumen } from "./lumen-client";

interface Visitor {
  consent: boolean;
  cookie?: string;
  customer?: string;
}

function read(): Visitor | undefined {
  const l = lumen();
  if (!l) return undefined;
  return { consent: localStorage.getItem("lumen_consent") !== "0", cookie: l.cookieId(), customer: l.customerId() };
}

/**
 * Who the store's visitor is: anonymous (the snippet's cookie) or a known customer (lumen.identify),
 * and whether they consent to tracking (lumen.consent). Switching reloads the page, so the widgets
 * ask for content as the new visitor.
 */
export function DemoVisitor({ customers }: { customers: { customer_id: string; segment_name: string }[] }) {
  const [visitor, setVisitor] = useState<Visitor>();
  const [customerId, setCustomerId] = useState(customers[0]?.customer_id ?? "");
  const inputId = useId();
  useEffect(() => {
    const stop = whenLumen(() => setVisitor(read()));
    // The cookie appears with the first event: look again now and then.
    const timer = setInterval(() => setVisitor(read()), 1000);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, []);

  const signIn = async () => {
    const l = lumen();
    const id = customerId.trim();
    if (!l || !id) return;
    l.identify(id);
    await l.flush();
    location.reload();
  };
  const anonymous = async () => {
    const l = lumen();
    if (l) await l.flush();
    // A new anonymous visitor: the snippet's customer and cookie forgotten (a shop's sign-out does the same).
    localStorage.removeItem("lumen_customer");
    // biome-ignore lint/suspicious/noDocumentCookie: the snippet's own first-party cookie, dropped as the snippet drops it
    document.cookie = "lumen_id=; Path=/; Max-Age=0; SameSite=Lax";
    location.reload();
  };
  const setConsent = (granted: boolean) => {
    lumen()?.consent(granted);
    setVisitor(read());
  };

  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4" aria-labelledby={`${inputId}-h`}>
      <h2 id={`${inputId}-h`} className="text-base font-semibold">
        Visitor
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="visitor-status" aria-live="polite">
        {!visitor
          ? "Loading the widgets…"
          : !visitor.consent
            ? "Tracking refused: nothing is recorded or sent."
            : visitor.customer
              ? `Customer ${visitor.customer}${visitor.cookie ? ` (cookie ${visitor.cookie.slice(0, 8)}…)` : ""}`
              : visitor.cookie
                ? `Anonymous, cookie ${visitor.cookie.slice(0, 8)}…`
                : "Anonymous, no cookie yet (it comes with the first event)."}
      </p>
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={visitor?.consent ?? true}
          disabled={!visitor}
          onChange={(e) => setConsent(e.target.checked)}
        />
        Allow tracking (lumen.consent)
      </label>
      <div className="mt-3 space-y-2">
        <label htmlFor={inputId} className="block text-sm font-medium">
          Customer id
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            list={`${inputId}-list`}
            value={customerId}
            onChange={(e) => setCustomerId(e.target.value)}
            className="min-w-0 flex-1 rounded-md border border-stone-300 px-2 py-1 text-sm"
          />
          <datalist id={`${inputId}-list`}>
            {customers.map((c) => (
              <option key={c.customer_id} value={c.customer_id}>
                {c.segment_name}
              </option>
            ))}
          </datalist>
          <button
            type="button"
            onClick={signIn}
            disabled={!visitor?.consent || !customerId.trim()}
            className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white disabled:opacity-50"
          >
            Sign in
          </button>
        </div>
        <button
          type="button"
          onClick={anonymous}
          className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium text-stone-800"
        >
          Browse anonymously
        </button>
      </div>
    </section>
  );
}
