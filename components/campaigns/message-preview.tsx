"use client";
/**
 * A group's message as written: the channel's fields as plain text (never rendered as HTML), with
 * every {ph_...} placeholder highlighted (unknown ones in red) so an approver sees what is filled per
 * customer. An e-mail's HTML template is drawn in a sandboxed frame, placeholders as written.
 */
import { PLACEHOLDERS } from "@/lib/campaigns/placeholders";
import { errorMessage } from "../api/client";
import type { CampaignGroup, ChannelType } from "./campaign-api";
import { SKIP_CONTENT } from "./campaign-form";
import { EmailFrame } from "./email-frame";
import { useTemplate } from "./template-api";

const KNOWN = new Set(PLACEHOLDERS);
const SPLIT = /(\{ph_[^{}\s]*\})/g;

export function Highlighted({ text }: { text: string }) {
  const parts = text.split(SPLIT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in the text is its identity
            key={i}
            className={
              KNOWN.has(part)
                ? "rounded bg-indigo-100 px-0.5 text-indigo-900"
                : "rounded bg-red-100 px-0.5 text-red-900 line-through"
            }
            data-testid="placeholder"
          >
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

type Previewed = Pick<
  CampaignGroup,
  | "channel_subject"
  | "channel_message_text"
  | "channel_fallback_message_text"
  | "channel_button"
  | "channel_button_link"
  | "channel_image_url"
  | "channel_validity_period"
  | "channel_validity_unit"
  | "html_template_id"
  | "tags"
>;

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-wrap text-slate-900">
        <Highlighted text={value} />
      </dd>
    </div>
  );
}

/** The group's template: its name and its HTML as a mail client draws it. */
function TemplatePreview({ id }: { id: string }) {
  const template = useTemplate(id);
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">HTML template</dt>
      <dd className="mt-0.5 space-y-1 text-slate-900">
        {template.data ? (
          <>
            <p>{template.data.name}</p>
            <EmailFrame html={template.data.html} title={`E-mail template ${template.data.name}`} />
          </>
        ) : template.error ? (
          <p className="text-red-700">
            {id}: {errorMessage(template.error)}
          </p>
        ) : (
          <p className="text-slate-500">{id} (loading…)</p>
        )}
      </dd>
    </div>
  );
}

export function MessagePreview({ channel, group }: { channel: ChannelType; group: Previewed }) {
  if (group.tags.includes(SKIP_CONTENT)) {
    return <p className="text-sm text-slate-600">Control group: receives no message, measured only.</p>;
  }
  const viber = channel === "viber" || channel === "viber_sms";
  const written = [
    group.channel_subject,
    group.channel_message_text,
    group.html_template_id,
    group.channel_button,
    group.channel_button_link,
    group.channel_image_url,
    group.channel_fallback_message_text,
  ].some(Boolean);
  if (!written) return <p className="text-sm text-slate-500">Nothing written yet.</p>;
  return (
    <dl className="space-y-2 text-sm" data-testid="message-preview">
      {channel === "email" && <Row label="Subject" value={group.channel_subject} />}
      <Row label={channel === "email" ? "Body" : "Text"} value={group.channel_message_text} />
      {channel === "email" && group.html_template_id && <TemplatePreview id={group.html_template_id} />}
      {viber && (
        <>
          <Row label="Button" value={group.channel_button} />
          <Row label="Button link" value={group.channel_button_link} />
          <Row label="Image" value={group.channel_image_url} />
          <Row
            label="Valid for"
            value={
              group.channel_validity_period
                ? `${group.channel_validity_period} ${(group.channel_validity_unit ?? "").toLowerCase()}`
                : ""
            }
          />
        </>
      )}
      {channel === "viber_sms" && <Row label="SMS fallback" value={group.channel_fallback_message_text} />}
    </dl>
  );
}
