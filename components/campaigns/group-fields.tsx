"use client";
/**
 * One A/B/C group's fields in the editor: the message fields its channel needs (placeholders can
 * be inserted into the text fields at the cursor, see PlaceholderBar), the control-group toggle,
 * its schedule and its UTM parameters.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { PLACEHOLDERS } from "@/lib/campaigns/placeholders";
import { FormField, fieldA11y } from "../ui/form-field";
import { fieldClass, Input } from "../ui/input";
import { Select } from "../ui/select";
import { type ChannelType, groupLetter } from "./campaign-api";
import { type TCampaignForm, UTM_VALUES, VALIDITY_UNITS } from "./campaign-form";
import { TextLength } from "./text-length";

/** A text field placeholders may be inserted into: its form path and its element. */
type TextField =
  | "channel_subject"
  | "channel_message_text"
  | "channel_fallback_message_text"
  | "channel_button"
  | "channel_button_link";

export interface FocusedField {
  name: `groups.${number}.${TextField}`;
  element: HTMLInputElement | HTMLTextAreaElement;
}

const UTM_LABEL: Record<(typeof UTM_VALUES)[number], string> = {
  campaign_id: "Campaign id",
  campaign_name: "Campaign name",
  customer_id: "Customer id",
  channel: "Channel",
  abc_group: "A/B/C group",
};

export function PlaceholderBar({ onInsert, focused }: { onInsert: (placeholder: string) => void; focused?: string }) {
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="placeholder-bar">
      <p className="text-xs text-slate-600">
        Placeholders, filled per customer when sent (products: the customer's top five recommendations).{" "}
        {focused ? "Inserted at the cursor of the field you were in." : "Click in a text field, then on a placeholder."}
      </p>
      <div className="flex flex-wrap gap-1">
        {PLACEHOLDERS.map((ph) => (
          <button
            key={ph}
            type="button"
            disabled={!focused}
            className="rounded bg-white px-1.5 py-0.5 font-mono text-[11px] text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-50"
            // Keep the focus (and the cursor) in the text field.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(ph)}
          >
            {ph}
          </button>
        ))}
      </div>
    </div>
  );
}

export interface TemplateOption {
  template_id: string;
  name: string;
}

export function GroupFields({
  index,
  channel,
  control,
  register,
  errors,
  onFocusField,
  disabled,
  placeholders,
  templates = [],
  templateId = "",
  texts,
}: {
  index: number;
  channel: ChannelType;
  control: boolean;
  register: UseFormRegister<TCampaignForm>;
  errors: FieldErrors<TCampaignForm>;
  onFocusField: (field: FocusedField) => void;
  disabled?: boolean;
  /** The placeholder buttons, shown under the message fields. */
  placeholders?: ReactNode;
  /** The stored e-mail templates to choose from, and the group's choice. */
  templates?: readonly TemplateOption[];
  templateId?: string;
  /** The group's texts as typed, for their length and SMS parts (./text-length.tsx), and its urls_to_short. */
  texts?: { message: string; fallback: string; urlsToShort?: string[] };
}) {
  const letter = groupLetter(index);
  const err = errors.groups?.[index];
  const id = (field: string) => `group-${index}-${field}`;
  const viber = channel === "viber" || channel === "viber_sms";
  const text = (field: TextField) => {
    const name = `groups.${index}.${field}` as const;
    const registered = register(name);
    return {
      ...registered,
      ...fieldA11y(id(field), err?.[field]?.message),
      onFocus: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
        onFocusField({ name, element: e.currentTarget }),
    };
  };

  return (
    <div className="space-y-4" data-testid={`group-${letter}`}>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register(`groups.${index}.control`)} disabled={disabled} />
        Control group (skip-content): group {letter} receives nothing and is measured against the others
      </label>
      {!control && (
        <div className="grid gap-4">
          {channel === "email" && (
            <FormField
              id={id("channel_subject")}
              label={`Subject (group ${letter})`}
              error={err?.channel_subject?.message}
            >
              <Input {...text("channel_subject")} disabled={disabled} />
            </FormField>
          )}
          {channel === "email" && (
            <FormField
              id={id("html_template_id")}
              label={`HTML template (group ${letter})`}
              error={err?.html_template_id?.message}
            >
              <div className="flex flex-wrap items-center gap-3">
                <Select
                  className="sm:w-96"
                  {...register(`groups.${index}.html_template_id`)}
                  {...fieldA11y(id("html_template_id"), err?.html_template_id?.message)}
                  // Controlled: the stored choice shows even when the options arrive after the form.
                  value={templateId}
                  disabled={disabled}
                >
                  <option value="">No template: the body as plain text</option>
                  {templateId && !templates.some((t) => t.template_id === templateId) && (
                    <option value={templateId}>{templateId}</option>
                  )}
                  {templates.map((t) => (
                    <option key={t.template_id} value={t.template_id}>
                      {t.name}
                    </option>
                  ))}
                </Select>
                <Link href="/campaigns/templates" className="text-sm text-indigo-700 hover:underline">
                  Manage e-mail templates
                </Link>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                With a template, the body below is the e-mail's plain-text part; left empty, the text is made from the
                template.
              </p>
            </FormField>
          )}
          <FormField
            id={id("channel_message_text")}
            label={`${channel === "email" ? "Body, plain text" : channel === "sms" ? "SMS text" : "Viber text"} (group ${letter})`}
            error={err?.channel_message_text?.message}
          >
            <textarea
              rows={6}
              className={`${fieldClass} font-mono`}
              {...text("channel_message_text")}
              disabled={disabled}
            />
            {texts && channel !== "email" && (
              <TextLength
                text={texts.message}
                kind={channel === "sms" ? "sms" : "viber"}
                urlsToShort={texts.urlsToShort}
              />
            )}
          </FormField>
          {viber && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={id("channel_button")}
                label={`Button text (group ${letter})`}
                error={err?.channel_button?.message}
              >
                <Input {...text("channel_button")} disabled={disabled} />
              </FormField>
              <FormField
                id={id("channel_button_link")}
                label={`Button link (group ${letter})`}
                error={err?.channel_button_link?.message}
              >
                <Input type="url" {...text("channel_button_link")} disabled={disabled} />
              </FormField>
              <FormField
                id={id("channel_image_url")}
                label={`Image URL (group ${letter})`}
                error={err?.channel_image_url?.message}
                className="sm:col-span-2"
              >
                <Input
                  type="url"
                  {...register(`groups.${index}.channel_image_url`)}
                  {...fieldA11y(id("channel_image_url"), err?.channel_image_url?.message)}
                  disabled={disabled}
                />
              </FormField>
              <FormField
                id={id("channel_validity_period")}
                label={`Valid for (group ${letter})`}
                error={err?.channel_validity_period?.message ?? err?.channel_validity_unit?.message}
              >
                <div className="flex gap-2">
                  <Input
                    inputMode="numeric"
                    className="w-28"
                    {...register(`groups.${index}.channel_validity_period`)}
                    {...fieldA11y(id("channel_validity_period"), err?.channel_validity_period?.message)}
                    disabled={disabled}
                  />
                  <Select
                    aria-label={`Validity unit (group ${letter})`}
                    className="w-36"
                    {...register(`groups.${index}.channel_validity_unit`)}
                    aria-invalid={err?.channel_validity_unit ? true : undefined}
                    disabled={disabled}
                  >
                    <option value="">Unit…</option>
                    {VALIDITY_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {u.toLowerCase()}
                      </option>
                    ))}
                  </Select>
                </div>
              </FormField>
            </div>
          )}
          {channel === "viber_sms" && (
            <FormField
              id={id("channel_fallback_message_text")}
              label={`SMS fallback text, sent when Viber does not deliver in time (group ${letter})`}
              error={err?.channel_fallback_message_text?.message}
            >
              <textarea
                rows={3}
                className={`${fieldClass} font-mono`}
                {...text("channel_fallback_message_text")}
                disabled={disabled}
              />
              {texts && <TextLength text={texts.fallback} kind="sms" urlsToShort={texts.urlsToShort} />}
            </FormField>
          )}
          {placeholders}
        </div>
      )}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          Schedule of group {letter} (the shop's time zone)
        </legend>
        <FormField id={id("start_time")} label={`Start (group ${letter})`} error={err?.start_time?.message}>
          <Input
            type="datetime-local"
            {...register(`groups.${index}.start_time`)}
            {...fieldA11y(id("start_time"), err?.start_time?.message)}
            disabled={disabled}
          />
        </FormField>
        <FormField id={id("end_time")} label={`End (group ${letter})`} error={err?.end_time?.message}>
          <Input
            type="datetime-local"
            {...register(`groups.${index}.end_time`)}
            {...fieldA11y(id("end_time"), err?.end_time?.message)}
            disabled={disabled}
          />
        </FormField>
      </fieldset>
      {!control && (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">
            UTM parameters added to links (group {letter})
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {UTM_VALUES.map((u) => (
              <label key={u} className="flex items-center gap-1.5 text-sm text-slate-700">
                <input
                  type="checkbox"
                  value={u}
                  aria-label={`UTM ${UTM_LABEL[u].toLowerCase()} (group ${letter})`}
                  {...register(`groups.${index}.utm`)}
                  disabled={disabled}
                />
                {UTM_LABEL[u]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
