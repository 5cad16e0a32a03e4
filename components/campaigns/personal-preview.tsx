"use client";
/**
 * The group's message as one customer would get it: the marketer picks a customer (searched by
 * id, name or e-mail through GET /data/customers), and the server fills the placeholders as a
 * send does, with that customer's recommended products, shown as small cards. A group that is not
 * personalised shows the one message everyone gets (no customer's fields, the shared products).
 * An SMS says its parts as sent (tracked links as short links), counted by the server.
 */
import { useState } from "react";
import { unknownPlaceholders } from "@/lib/campaigns/placeholders";
import type { TPreview, TPreviewInput } from "@/lib/campaigns/preview";
import { errorMessage } from "../api/client";
import { useCustomerSearch } from "../touchpoints/queries";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Input } from "../ui/input";
import type { ChannelType } from "./campaign-api";
import { useDebounced, usePersonalPreview } from "./editor-queries";
import { EmailFrame } from "./email-frame";

export interface PickedCustomer {
  customer_id: string;
  name: string;
}

export function CustomerPicker({
  picked,
  onPick,
  idPrefix,
}: {
  picked?: PickedCustomer;
  onPick: (customer: PickedCustomer) => void;
  idPrefix: string;
}) {
  const [text, setText] = useState("");
  const search = useDebounced(text.trim(), 250);
  const found = useCustomerSearch(search);
  const inputId = `${idPrefix}-customer-search`;
  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Preview for a customer{" "}
        {picked && (
          <span className="font-normal text-slate-600">
            · showing <span className="font-medium text-slate-900">{picked.name}</span>
          </span>
        )}
      </label>
      <Input
        id={inputId}
        className="sm:w-96"
        placeholder="Customer id, name or e-mail"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {search && found.data && (
        <ul className="flex flex-wrap gap-2" data-testid="preview-customer-results">
          {found.data.rows.length === 0 && <li className="text-sm text-slate-500">No customer matches.</li>}
          {found.data.rows.map((c) => {
            const name = [c.first_name, c.last_name].filter(Boolean).join(" ") || c.customer_id;
            return (
              <li key={c.customer_id}>
                <Button
                  size="sm"
                  variant={picked?.customer_id === c.customer_id ? "primary" : "secondary"}
                  onClick={() => {
                    onPick({ customer_id: c.customer_id, name });
                    setText("");
                  }}
                >
                  {name}
                  <span className="ml-1 font-mono text-[11px] opacity-70">{c.customer_id}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {found.error && <Alert tone="error">{errorMessage(found.error)}</Alert>}
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-wrap text-slate-900">{value}</dd>
    </div>
  );
}

function Rendered({ preview, stale }: { preview: TPreview; stale: boolean }) {
  const channel = preview.channel_type;
  const viber = channel === "viber" || channel === "viber_sms";
  return (
    <div className={cn("space-y-3", stale && "opacity-60")} aria-busy={stale} data-testid="personal-preview">
      {!preview.is_personalized && (
        <p className="text-xs text-slate-600" data-testid="preview-not-personalised">
          Not personalised: every recipient gets this same message.
        </p>
      )}
      <dl className="space-y-2 text-sm">
        {channel === "email" && <Field label="Subject" value={preview.channel_subject} />}
        <Field
          label={channel === "email" ? (preview.html ? "Text part" : "Body") : "Text"}
          value={preview.channel_message_text}
        />
        {viber && (
          <>
            <Field label="Button" value={preview.channel_button} />
            <Field label="Button link" value={preview.channel_button_link} />
            <Field label="Image" value={preview.channel_image_url} />
          </>
        )}
        {channel === "viber_sms" && <Field label="SMS fallback" value={preview.channel_fallback_message_text} />}
        {preview.sms && preview.sms.characters > 0 && (
          <Field
            label="SMS as sent"
            value={`${preview.sms.characters.toLocaleString("en")} characters, ${preview.sms.encoding}, ${preview.sms.segments} ${preview.sms.segments === 1 ? "part" : "parts"} (tracked links as ${preview.sms.short_link_length}-character short links)`}
          />
        )}
      </dl>
      {preview.html && (
        <EmailFrame
          html={preview.html}
          title={`The e-mail for ${preview.customer.first_name || preview.customer.customer_id}`}
        />
      )}
      {preview.products.length > 0 && (
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {preview.is_personalized
              ? `Products in this message (recommended for ${preview.customer.first_name || preview.customer.customer_id})`
              : "Products in this message (the same for every recipient)"}
          </p>
          <ol className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="preview-products">
            {preview.products.map((p) => (
              <li
                key={p.position}
                className="flex flex-col overflow-hidden rounded-md bg-white text-xs ring-1 ring-slate-200"
                data-testid="preview-product"
              >
                {p.image ? (
                  // biome-ignore lint/performance/noImgElement: shop images from any host, shown as they are
                  <img src={p.image} alt="" className="aspect-square w-full bg-slate-100 object-cover" loading="lazy" />
                ) : (
                  <div className="aspect-square w-full bg-slate-100" />
                )}
                <div className="space-y-0.5 p-2">
                  <p className="text-[10px] text-slate-500">Product {p.position}</p>
                  <a href={p.url} target="_blank" rel="noreferrer" className="line-clamp-2 font-medium text-slate-900">
                    {p.name}
                  </a>
                  <p className="tabular-nums text-slate-700">{p.price}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

export function PersonalPreview({
  channel,
  group,
  customer,
  onCustomer,
  index,
}: {
  channel: ChannelType;
  group: Omit<TPreviewInput, "channel_type" | "customer_id">;
  customer?: PickedCustomer;
  onCustomer: (customer: PickedCustomer) => void;
  index: number;
}) {
  // An unknown placeholder is marked in the preview above; the server would only refuse it (422).
  const unknown = Object.values(group).flatMap((value) =>
    typeof value === "string" ? unknownPlaceholders(value) : [],
  );
  const preview = usePersonalPreview(
    customer && unknown.length === 0
      ? { ...group, channel_type: channel, customer_id: customer.customer_id }
      : undefined,
  );
  const written = Object.values(group).some((value) => typeof value === "string" && value !== "");
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <CustomerPicker picked={customer} onPick={onCustomer} idPrefix={`group-${index}`} />
      {!customer ? (
        <p className="text-sm text-slate-500">
          Pick a customer to see the message filled with their name and products.
        </p>
      ) : !written ? (
        <p className="text-sm text-slate-500">Nothing written yet.</p>
      ) : unknown.length > 0 ? (
        <p className="text-sm text-slate-500">
          {unknown.join(", ")} {unknown.length > 1 ? "are not placeholders" : "is not a placeholder"}: the message is
          filled in once {unknown.length > 1 ? "they are" : "it is"} replaced.
        </p>
      ) : preview.error ? (
        <Alert tone="error">{errorMessage(preview.error)}</Alert>
      ) : preview.data ? (
        <Rendered preview={preview.data} stale={preview.isFetching || preview.isPlaceholderData} />
      ) : (
        <p className="text-sm text-slate-500" aria-busy="true">
          Filling in the message…
        </p>
      )}
    </div>
  );
}
