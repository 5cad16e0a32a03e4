"use client";
import { useState } from "react";
import { Button } from "../ui/button";
import type { TNewApiClient } from "./queries";

/** The new client's secret, shown this once: the server keeps only its hash. */
export function NewSecret({ client, onDone }: { client: TNewApiClient; onDone: () => void }) {
  const [copied, setCopied] = useState<"ok" | "failed">();

  async function copy() {
    try {
      await navigator.clipboard.writeText(client.client_secret);
      setCopied("ok");
    } catch {
      // Clipboard access needs a secure context and permission; the secret stays selectable.
      setCopied("failed");
    }
  }

  return (
    <div
      role="status"
      data-testid="new-client-secret-box"
      className="space-y-3 rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-2 ring-amber-400"
    >
      <p className="font-semibold">
        API client “{client.name}” created. Copy its secret now: it is shown only this once.
      </p>
      <dl className="grid gap-2 sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium">client_id</dt>
        <dd>
          <code className="font-mono break-all select-all" data-testid="new-client-id">
            {client.client_id}
          </code>
        </dd>
        <dt className="font-medium">client_secret</dt>
        <dd>
          <code
            className="block rounded bg-white px-2 py-1 font-mono break-all ring-1 ring-amber-300 select-all"
            data-testid="new-client-secret"
          >
            {client.client_secret}
          </code>
        </dd>
        {client.publishable_key && (
          <>
            <dt className="font-medium">publishable key</dt>
            <dd>
              <code className="font-mono break-all select-all" data-testid="new-client-publishable-key">
                {client.publishable_key}
              </code>
              <span className="block text-xs">
                Not a secret: put it in the shop&apos;s pages. It stays listed below.
              </span>
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={copy}>
          Copy secret
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Done, I stored it
        </Button>
        <span aria-live="polite" className="text-xs">
          {copied === "ok" && "Copied to the clipboard."}
          {copied === "failed" && "Copying failed: select the secret and copy it by hand."}
        </span>
      </div>
    </div>
  );
}
