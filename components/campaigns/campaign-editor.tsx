"use client";
/**
 * The campaign editor, for a new campaign (POST) or a stored one (PUT): name, author, channel,
 * audience, A/B/C groups as tabs with a percentage split that always totals 100, each group's
 * message, schedule and UTM parameters, and the recurrence. The server's 422 errors are shown
 * next to their fields. Saving an Approved campaign's content, audience or schedule asks first:
 * the server returns it to Not approved.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type KeyboardEvent, useRef, useState } from "react";
import { type Path, useFieldArray, useForm, useWatch } from "react-hook-form";
import { allows } from "@/lib/campaigns/status";
import { ApiClientError, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button, ButtonLink } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { cn } from "../ui/cn";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { visibleErrors } from "../ui/visible-errors";
import { AudiencePicker } from "./audience-picker";
import { type Campaign, CHANNEL_LABEL, campaignHref, groupLetter, useSaveCampaign } from "./campaign-api";
import {
  bodyOf,
  CHANNEL_TYPES,
  emptyForm,
  evenSplit,
  formOf,
  KEEPS_APPROVAL,
  MAX_GROUPS,
  newGroup,
  RECURRING_FREQUENCIES,
  rebalance,
  serverErrorPath,
  type TCampaignForm,
  ZCampaignForm,
} from "./campaign-form";
import { type FocusedField, GroupFields, PlaceholderBar } from "./group-fields";
import { MessagePreview } from "./message-preview";
import { PersonalPreview, type PickedCustomer } from "./personal-preview";
import { useTemplates } from "./template-api";

export function CampaignEditor({ campaign, author }: { campaign?: Campaign; author: string }) {
  const router = useRouter();
  const save = useSaveCampaign(campaign?.campaign_details[0]?.campaign_id);
  const form = useForm<TCampaignForm>({
    resolver: zodResolver(ZCampaignForm),
    // A field's error shows once it was left (or the form submitted), not while a fresh form is empty.
    mode: "onTouched",
    defaultValues: campaign ? formOf(campaign) : emptyForm(author),
  });
  const { register, control, handleSubmit, setValue, getValues, setError, formState } = form;
  const { dirtyFields, isSubmitting } = formState;
  // A field's error shows once it was left or the form submitted (../ui/visible-errors.ts).
  const errors = visibleErrors(formState.errors, formState.touchedFields, formState.isSubmitted);
  const groups = useFieldArray({ control, name: "groups", keyName: "key" });
  const [tab, setTab] = useState(0);
  const [confirming, setConfirming] = useState<TCampaignForm>();
  const focused = useRef<FocusedField>(undefined);
  const [focusedName, setFocusedName] = useState<string>();
  // One customer for every group's preview: the marketer compares A and B for the same person.
  const [previewCustomer, setPreviewCustomer] = useState<PickedCustomer>();
  const watched = useWatch({ control });
  const templates = useTemplates();
  const channel = watched.channel_type ?? "email";
  const audiencesType = watched.audiences_type ?? "GENERIC";
  const percents = (watched.groups ?? []).map((g) => g?.abc_audience_percent ?? 0);
  const total = percents.reduce((a, b) => a + b, 0);
  const editable = !campaign || allows("edit", campaign.status);
  const busy = isSubmitting || save.isPending || !editable;
  const active = Math.min(tab, groups.fields.length - 1);
  /** The stored group behind form group i: the fields the editor keeps without showing them. */
  const storedGroup = (i: number) =>
    campaign?.campaign_details.find((g) => g.campaign_id && g.campaign_id === watched.groups?.[i]?.campaign_id);

  const setPercents = (next: number[]) => {
    for (const [i, p] of next.entries()) setValue(`groups.${i}.abc_audience_percent`, p, { shouldDirty: true });
  };

  const addGroup = () => {
    const split = evenSplit(groups.fields.length + 1);
    groups.append(newGroup(split[split.length - 1] ?? 0, getValues("groups.0")), { shouldFocus: false });
    setPercents(split);
    setTab(groups.fields.length);
    // As after a removal: the focus goes to the new group's tab, which announces it.
    const added = groups.fields.length;
    requestAnimationFrame(() => document.getElementById(`group-tab-${added}`)?.focus());
  };
  /** The WAI-ARIA tabs pattern: one Tab stop, arrows move between the groups, Home and End. */
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = groups.fields.length - 1;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = to > last ? 0 : to < 0 ? last : to;
    setTab(next);
    document.getElementById(`group-tab-${next}`)?.focus();
  };
  const removeGroup = (index: number) => {
    const left = percents.filter((_, i) => i !== index);
    const freed = percents[index] ?? 0;
    // The removed group's share goes to the group before it (the first group when A goes).
    const to = Math.max(0, index - 1);
    groups.remove(index);
    setPercents(left.map((p, i) => (i === to ? p + freed : p)));
    setTab(to);
    // The focused remove button is gone: the focus goes to the tab now shown, not to the page.
    requestAnimationFrame(() => document.getElementById(`group-tab-${to}`)?.focus());
  };

  const insertPlaceholder = (placeholder: string) => {
    const field = focused.current;
    if (!field) return;
    const { element, name } = field;
    const value = getValues(name) ?? "";
    const start = element.selectionStart ?? value.length;
    const end = element.selectionEnd ?? start;
    setValue(name, value.slice(0, start) + placeholder + value.slice(end), { shouldDirty: true });
    element.focus();
    const cursor = start + placeholder.length;
    element.setSelectionRange(cursor, cursor);
  };

  const submit = async (values: TCampaignForm) => {
    try {
      const saved = await save.mutateAsync(bodyOf(values, campaign));
      router.push(campaignHref(saved));
    } catch (error) {
      const placed = placeServerErrors(error);
      if (!placed) setError("root.server", { type: "server", message: errorMessage(error) });
    }
  };

  /** Puts a 422's errors next to their fields; true when every one found a field. */
  const placeServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiClientError) || error.errors.length === 0) return false;
    let all = true;
    let firstGroup: number | undefined;
    for (const e of error.errors) {
      const path = serverErrorPath(e.loc);
      if (!path || path === "groups") {
        all = false;
        continue;
      }
      setError(path as Path<TCampaignForm>, { type: "server", message: e.msg });
      const group = /^groups\.(\d+)\./.exec(path);
      if (group && firstGroup === undefined) firstGroup = Number(group[1]);
    }
    if (firstGroup !== undefined) setTab(firstGroup);
    if (!all) setError("root.server", { type: "server", message: error.detail });
    return true;
  };

  const onValid = (values: TCampaignForm) => {
    const changesApproval = Object.keys(dirtyFields).some((k) => !KEEPS_APPROVAL.includes(k as keyof TCampaignForm));
    if (campaign?.status === "Approved" && changesApproval) setConfirming(values);
    else return submit(values);
  };
  const onInvalid = (invalid: typeof formState.errors) => {
    // The errors of this submit (the render's own are one step behind).
    const first = (invalid.groups ?? []) as unknown[];
    const index = Array.isArray(first) ? first.findIndex(Boolean) : -1;
    if (index >= 0) setTab(index);
  };

  const groupErrors = errors.groups as unknown as (object | undefined)[] | undefined;
  const rootGroupsError = errors.groups?.root?.message ?? errors.groups?.message;

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-6">
      {campaign && !editable && (
        <Alert tone="warning">
          This campaign is {campaign.status}: only a campaign that is Not approved, Approved or Not sent can be edited.
        </Alert>
      )}
      {campaign?.status === "Approved" && (
        <Alert tone="warning">
          This campaign is Approved. Saving a change of its content, audience, channel or schedule returns it to Not
          approved and clears its approvals; a new name or author keeps them.
        </Alert>
      )}
      <Card className="space-y-4">
        <CardTitle>Campaign</CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="campaign_name" label="Name" error={errors.campaign_name?.message}>
            <Input
              {...register("campaign_name")}
              {...fieldA11y("campaign_name", errors.campaign_name?.message)}
              disabled={busy}
            />
          </FormField>
          <FormField id="author" label="Author" error={errors.author?.message}>
            <Input {...register("author")} {...fieldA11y("author", errors.author?.message)} disabled={busy} />
          </FormField>
          <FormField id="channel_type" label="Channel" error={errors.channel_type?.message}>
            <Select
              {...register("channel_type")}
              {...fieldA11y("channel_type", errors.channel_type?.message)}
              disabled={busy}
            >
              {CHANNEL_TYPES.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABEL[c]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="sender" label="Sender (optional: the channel's default)" error={errors.sender?.message}>
            <Input {...register("sender")} {...fieldA11y("sender", errors.sender?.message)} disabled={busy} />
          </FormField>
        </div>
      </Card>

      <Card className="space-y-3">
        <CardTitle>Audience</CardTitle>
        <fieldset className="flex gap-4 text-sm text-slate-700" disabled={busy}>
          <legend className="sr-only">Audience kind</legend>
          {(["GENERIC", "AUDIENCE"] as const).map((t) => (
            <label key={t} className="flex items-center gap-1.5">
              <input
                type="radio"
                value={t}
                checked={audiencesType === t}
                onChange={() => {
                  setValue("audiences_type", t, { shouldDirty: true });
                  setValue("audiences", [], { shouldDirty: true });
                }}
              />
              {t === "GENERIC" ? "Segments" : "Saved audiences"}
            </label>
          ))}
        </fieldset>
        <AudiencePicker
          type={audiencesType}
          selected={(watched.audiences ?? []).filter((a): a is string => typeof a === "string")}
          channel={channel}
          onChange={(ids) => setValue("audiences", ids, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          invalid={!!errors.audiences}
        />
        {errors.audiences?.message && (
          <p role="alert" className="text-sm text-red-700">
            Audience: {errors.audiences.message}
          </p>
        )}
      </Card>

      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Groups and messages</CardTitle>
          <p
            className={cn("text-sm tabular-nums", total === 100 ? "text-slate-600" : "text-red-700")}
            data-testid="percent-total"
          >
            Total: {total}%
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2 border-b border-slate-200">
          <div className="flex flex-wrap items-end gap-2" role="tablist" aria-label="Groups">
            {groups.fields.map((g, i) => (
              <button
                key={g.key}
                type="button"
                role="tab"
                id={`group-tab-${i}`}
                aria-selected={i === active}
                aria-controls={`group-panel-${i}`}
                tabIndex={i === active ? 0 : -1}
                onClick={() => setTab(i)}
                onKeyDown={(e) => onTabKey(e, i)}
                className={cn(
                  "-mb-px rounded-t-md border px-3 py-1.5 text-sm font-medium",
                  i === active
                    ? "border-slate-200 border-b-white bg-white text-indigo-700"
                    : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                Group {groupLetter(i)} · {percents[i] ?? 0}%
                {groupErrors?.[i] && (
                  <span className="ml-1 text-red-600" title="This group has errors">
                    <span aria-hidden="true">●</span>
                    <span className="sr-only">(has errors)</span>
                  </span>
                )}
              </button>
            ))}
          </div>
          {/* Outside the tablist: a tablist holds tabs only. */}
          <Button
            size="sm"
            variant="ghost"
            className="mb-1"
            onClick={addGroup}
            disabled={busy || groups.fields.length >= MAX_GROUPS}
          >
            + Add group
          </Button>
        </div>
        {rootGroupsError && <Alert tone="error">{rootGroupsError}</Alert>}
        {groups.fields.map((g, i) => (
          <div
            key={g.key}
            role="tabpanel"
            id={`group-panel-${i}`}
            aria-labelledby={`group-tab-${i}`}
            hidden={i !== active}
            className="space-y-4"
          >
            <div className="flex flex-wrap items-end gap-3">
              <FormField
                id={`group-${i}-percent`}
                label={`Share of the audience, group ${groupLetter(i)} (%)`}
                error={errors.groups?.[i]?.abc_audience_percent?.message}
              >
                <Input
                  type="number"
                  min={1}
                  max={100}
                  className="w-28"
                  id={`group-${i}-percent`}
                  value={percents[i] ?? 0}
                  disabled={busy || groups.fields.length === 1}
                  onChange={(e) => setPercents(rebalance(percents, i, e.target.valueAsNumber))}
                />
              </FormField>
              <p className="pb-2 text-xs text-slate-500">
                {groups.fields.length > 1
                  ? `The ${i === groups.fields.length - 1 ? "group before" : "last group"} takes up the difference.`
                  : "One group gets the whole audience; add a group for an A/B test."}
              </p>
              {groups.fields.length > 1 && (
                <Button size="sm" variant="danger" className="ml-auto" onClick={() => removeGroup(i)} disabled={busy}>
                  Remove group {groupLetter(i)}
                </Button>
              )}
            </div>
            <GroupFields
              index={i}
              channel={channel}
              control={!!watched.groups?.[i]?.control}
              register={register}
              errors={errors}
              disabled={busy}
              placeholders={<PlaceholderBar onInsert={insertPlaceholder} focused={focusedName} />}
              templates={templates.data?.templates}
              templateId={watched.groups?.[i]?.html_template_id ?? ""}
              texts={{
                message: watched.groups?.[i]?.channel_message_text ?? "",
                fallback: watched.groups?.[i]?.channel_fallback_message_text ?? "",
                urlsToShort: storedGroup(i)?.urls_to_short ?? [],
              }}
              onFocusField={(field) => {
                focused.current = field;
                setFocusedName(field.name);
              }}
            />
            {!watched.groups?.[i]?.control && (
              <div className="rounded-md p-3 ring-1 ring-slate-200">
                <h3 className="mb-2 text-sm font-semibold text-slate-800">Preview of group {groupLetter(i)}</h3>
                <MessagePreview
                  channel={channel}
                  group={{
                    channel_subject: watched.groups?.[i]?.channel_subject ?? "",
                    channel_message_text: watched.groups?.[i]?.channel_message_text ?? "",
                    channel_fallback_message_text: watched.groups?.[i]?.channel_fallback_message_text ?? "",
                    channel_button: watched.groups?.[i]?.channel_button ?? "",
                    channel_button_link: watched.groups?.[i]?.channel_button_link ?? "",
                    channel_image_url: watched.groups?.[i]?.channel_image_url ?? "",
                    channel_validity_period: Number(watched.groups?.[i]?.channel_validity_period) || null,
                    channel_validity_unit: watched.groups?.[i]?.channel_validity_unit || null,
                    html_template_id: watched.groups?.[i]?.html_template_id ?? "",
                    tags: [],
                  }}
                />
                <PersonalPreview
                  index={i}
                  channel={channel}
                  customer={previewCustomer}
                  onCustomer={setPreviewCustomer}
                  group={{
                    channel_subject: channel === "email" ? (watched.groups?.[i]?.channel_subject ?? "") : "",
                    channel_message_text: watched.groups?.[i]?.channel_message_text ?? "",
                    channel_fallback_message_text:
                      channel === "viber_sms" ? (watched.groups?.[i]?.channel_fallback_message_text ?? "") : "",
                    channel_button: channel.startsWith("viber") ? (watched.groups?.[i]?.channel_button ?? "") : "",
                    channel_button_link: channel.startsWith("viber")
                      ? (watched.groups?.[i]?.channel_button_link ?? "")
                      : "",
                    channel_image_url: channel.startsWith("viber")
                      ? (watched.groups?.[i]?.channel_image_url ?? "")
                      : "",
                    html_template_id: channel === "email" ? (watched.groups?.[i]?.html_template_id ?? "") : "",
                    // As bodyOf saves them: a send fills the message by these too.
                    is_personalized: storedGroup(i)?.is_personalized ?? true,
                    recommended_products: storedGroup(i)?.recommended_products ?? [],
                    urls_to_short: storedGroup(i)?.urls_to_short ?? [],
                  }}
                />
              </div>
            )}
          </div>
        ))}
      </Card>

      <Card className="space-y-4">
        <CardTitle>Recurrence</CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="recurring_frequency" label="Repeat" error={errors.recurring_frequency?.message}>
            <Select
              {...register("recurring_frequency")}
              {...fieldA11y("recurring_frequency", errors.recurring_frequency?.message)}
              disabled={busy}
            >
              {RECURRING_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {f === "none" ? "Once" : f}
                </option>
              ))}
            </Select>
          </FormField>
          {watched.recurring_frequency !== "none" && (
            <FormField id="recurring_until" label="Repeat until" error={errors.recurring_until?.message}>
              <Input
                type="datetime-local"
                {...register("recurring_until")}
                {...fieldA11y("recurring_until", errors.recurring_until?.message)}
                disabled={busy}
              />
            </FormField>
          )}
        </div>
      </Card>

      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {save.isPending ? "Saving…" : campaign ? "Save changes" : "Create campaign"}
        </Button>
        <ButtonLink variant="secondary" href={campaign ? campaignHref(campaign) : "/campaigns"}>
          Cancel
        </ButtonLink>
      </div>
      <ConfirmDialog
        open={!!confirming}
        title="Return this campaign to Not approved?"
        confirmLabel="Save and ask for approval again"
        busy={save.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={async () => {
          if (confirming) await submit(confirming);
          setConfirming(undefined);
        }}
      >
        <p>
          It is Approved. This edit changes its content, audience, channel or schedule, so its approvals are cleared and
          it must be approved again before it is sent.
        </p>
      </ConfirmDialog>
    </form>
  );
}
