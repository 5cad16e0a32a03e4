"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  DEFAULT_TEMPLATES,
  MESSAGE_TYPES,
  type MessageType,
  type TPromotionConfigInput,
  type TPromotionTestSend,
  ZPromotionConfigInput,
  ZPromotionTestSend,
} from "@/lib/touchpoints/promotion-schemas";
import type { TTouchpoint } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { applyNestedServerErrors } from "./form-errors";
import { type TPromotion, usePromotion, useSavePromotion, useSendTestPromotion } from "./queries";

const MESSAGES: Record<MessageType, { label: string; help: string }> = {
  "promotion-message": {
    label: "Promotion SMS",
    help: "{link} = the wheel page, {promotion_long_name} = the touchpoint's name",
  },
  "promotion-main-description": { label: "Wheel page description", help: "Shown above the wheel" },
  "successful-attempt": {
    label: "Won",
    help: "{link} = your redeem page with the prize, {promotion_long_name} = the prize",
  },
  "invalid-attempt": { label: "Already spun", help: "Sent when the wheel is spun again" },
};

type TPromotionForm = z.input<typeof ZPromotionConfigInput>;
type TTestSendForm = z.input<typeof ZPromotionTestSend>;

export function PromotionPanel({ touchpoint }: { touchpoint: TTouchpoint }) {
  const promotion = usePromotion(touchpoint.touchpoint_id);
  return (
    <Card className="space-y-6" aria-labelledby="promotion-title">
      <div>
        <CardTitle id="promotion-title">SMS promotion</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Customers get an SMS with a link to the wheel page; each link can spin once. Templates may use{" "}
          <code className="font-mono text-xs">{"{link}"}</code> and{" "}
          <code className="font-mono text-xs">{"{promotion_long_name}"}</code>.
        </p>
      </div>
      {promotion.isPending && <p className="text-sm text-slate-500">Loading the promotion…</p>}
      {promotion.error && (
        <Alert tone="error">The promotion could not be loaded: {errorMessage(promotion.error)}</Alert>
      )}
      {promotion.data !== undefined && (
        <>
          <PromotionForm touchpoint={touchpoint} promotion={promotion.data} />
          <TestSendForm touchpoint={touchpoint} configured={promotion.data !== null} />
        </>
      )}
    </Card>
  );
}

function PromotionForm({ touchpoint, promotion }: { touchpoint: TTouchpoint; promotion: TPromotion | null }) {
  const save = useSavePromotion(touchpoint.touchpoint_id);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TPromotionForm, unknown, TPromotionConfigInput>({
    resolver: zodResolver(ZPromotionConfigInput),
    defaultValues: {
      touchpoint_id: touchpoint.touchpoint_id,
      author: promotion?.author || touchpoint.author,
      promotion_base_url: promotion?.promotion_base_url ?? "",
      config: MESSAGE_TYPES.map((type) => ({
        message_type: type,
        message_template:
          promotion?.config.find((c) => c.message_type === type)?.message_template ?? DEFAULT_TEMPLATES[type],
      })),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      await save.mutateAsync(values);
      setSaved(true);
    } catch (error) {
      applyNestedServerErrors(error, setError, (path) =>
        /^(promotion_base_url|config\.\d+\.message_template)$/.test(path),
      );
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="promotion-config-title" className="space-y-3">
      <h3 id="promotion-config-title" className="text-sm font-semibold text-slate-900">
        Configuration {promotion ? "" : <span className="font-normal text-slate-500">(not saved yet)</span>}
      </h3>
      <fieldset disabled={isSubmitting} className="space-y-3">
        <FormField
          id="promo-base-url"
          label="Redeem page (promotion_base_url)"
          error={errors.promotion_base_url?.message}
        >
          <Input
            type="url"
            placeholder="https://shop.example.com/redeem"
            {...fieldA11y("promo-base-url", errors.promotion_base_url?.message)}
            {...register("promotion_base_url")}
          />
        </FormField>
        <div className="grid gap-3 lg:grid-cols-2">
          {MESSAGE_TYPES.map((type, i) => {
            const m = MESSAGES[type];
            const id = `promo-${type}`;
            const error = errors.config?.[i]?.message_template?.message;
            return (
              <div key={type}>
                <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                  {m.label} <span className="font-mono text-xs font-normal text-slate-500">{type}</span>
                </label>
                <textarea
                  rows={2}
                  className="mt-1 block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset aria-[invalid=true]:ring-red-500"
                  {...fieldA11y(id, error)}
                  {...register(`config.${i}.message_template`)}
                />
                {error ? (
                  <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                ) : (
                  <p className="mt-1 text-xs text-slate-500">{m.help}</p>
                )}
              </div>
            );
          })}
        </div>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        {saved && <Alert tone="info">Promotion saved.</Alert>}
        <Button type="submit">{isSubmitting ? "Saving…" : "Save promotion"}</Button>
      </fieldset>
    </form>
  );
}

function TestSendForm({ touchpoint, configured }: { touchpoint: TTouchpoint; configured: boolean }) {
  const send = useSendTestPromotion();
  const [sent, setSent] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TTestSendForm, unknown, TPromotionTestSend>({
    resolver: zodResolver(ZPromotionTestSend),
    defaultValues: { phone_number: "", customer_id: "", concept_id: "", touchpoint_id: touchpoint.touchpoint_id },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSent(undefined);
    try {
      setSent((await send.mutateAsync(values)).detail);
    } catch (error) {
      applyNestedServerErrors(error, setError, (path) => /^(phone_number|customer_id|concept_id)$/.test(path));
    }
  });
  const blocked = !configured
    ? "Save the configuration first."
    : !touchpoint.is_ready
      ? "The touchpoint must be ready: activate it and wait for the calculation."
      : undefined;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="test-send-title"
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id="test-send-title" className="text-sm font-semibold text-slate-900">
        Send a test SMS
      </h3>
      <p className="text-xs text-slate-500">
        Messages are queued to the Outbox (no SMS gateway is connected yet): the Outbox page shows them and their links.
      </p>
      {blocked && <p className="text-sm text-slate-600">{blocked}</p>}
      <fieldset disabled={isSubmitting || Boolean(blocked)} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField id="test-phone" label="Phone number" error={errors.phone_number?.message}>
            <Input
              type="tel"
              autoComplete="off"
              placeholder="+44 7700 900123"
              {...fieldA11y("test-phone", errors.phone_number?.message)}
              {...register("phone_number")}
            />
          </FormField>
          <FormField id="test-customer" label="Customer id (optional)" error={errors.customer_id?.message}>
            <Input {...fieldA11y("test-customer", errors.customer_id?.message)} {...register("customer_id")} />
          </FormField>
          <FormField id="test-concept" label="Concept id" error={errors.concept_id?.message}>
            <Input {...fieldA11y("test-concept", errors.concept_id?.message)} {...register("concept_id")} />
          </FormField>
        </div>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        {sent && (
          <Alert tone="info">
            {sent}{" "}
            <Link href="/outbox?channel=sms" className="font-medium underline">
              Open the outbox
            </Link>
          </Alert>
        )}
        <Button type="submit" variant="secondary">
          {isSubmitting ? "Sending…" : "Send test SMS"}
        </Button>
      </fieldset>
    </form>
  );
}
