"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { normalOrigin } from "@/lib/auth/origins";
import { ZApiClientCreateFields } from "@/lib/auth/schemas";
import { isPublishable, SCOPES, type Scope } from "@/lib/auth/scopes";
import { applyServerErrors } from "../api/form-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { fieldClass, Input } from "../ui/input";
import { Select } from "../ui/select";
import { type TNewApiClient, useCreateApiClient } from "./queries";
import { ROLE_OPTIONS } from "./roles";

/** One origin per line (or comma), as the form's text area holds them. */
const originLines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The API's own rules (lib/auth/schemas.ts), with the origins typed as lines of text; the server
 * validates again.
 */
export const ZApiClientCreateForm = ZApiClientCreateFields.extend({
  allowed_origins: z.string().superRefine((text, ctx) => {
    const bad = originLines(text).find((line) => !normalOrigin(line));
    if (bad) ctx.addIssue({ code: "custom", message: `"${bad}" is not an origin: write e.g. https://shop.example` });
  }),
}).superRefine((value, ctx) => {
  if (originLines(value.allowed_origins).length > 0 && !isPublishable(value.scopes)) {
    ctx.addIssue({
      code: "custom",
      path: ["allowed_origins"],
      message: "Only a publishable client (the content scope alone) is used from browsers.",
    });
  }
});
export type TApiClientCreateForm = z.input<typeof ZApiClientCreateForm>;

const FIELDS = ["name", "role", "scopes", "allowed_origins"] as const;
const EMPTY: TApiClientCreateForm = { name: "", role: "user", scopes: ["studio"], allowed_origins: "" };

const SCOPE_TEXT: Record<Scope, { label: string; help: string }> = {
  content: {
    label: "content",
    help: "Touchpoint content and search, event tracking, the wheel. Alone, it makes a publishable key for shop pages.",
  },
  "data:write": { label: "data:write", help: "The intake routes (items, customers, events, discounts)." },
  studio: {
    label: "studio",
    help: "Everything the role allows: customers, exports, campaigns, settings of the studio.",
  },
};

export function CreateApiClientForm({ onCreated }: { onCreated: (client: TNewApiClient) => void }) {
  const create = useCreateApiClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TApiClientCreateForm>({ resolver: zodResolver(ZApiClientCreateForm), defaultValues: EMPTY });
  const scopes = useWatch({ control, name: "scopes" }) ?? [];
  const publishable = isPublishable(scopes);

  const onSubmit = handleSubmit(async (values) => {
    try {
      onCreated(
        await create.mutateAsync({
          name: values.name,
          role: values.role,
          scopes: values.scopes,
          allowed_origins: publishable ? originLines(values.allowed_origins) : [],
        }),
      );
      reset(EMPTY);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="create-client-title"
      className="border-t border-slate-200 pt-4"
    >
      <h3 id="create-client-title" className="text-sm font-semibold text-slate-900">
        Create an API client
      </h3>
      <fieldset disabled={isSubmitting} className="mt-3 space-y-3">
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField id="new-client-name" label="Name" error={errors.name?.message} className="lg:col-span-2">
            <Input
              autoComplete="off"
              placeholder="e.g. Shop backend"
              {...fieldA11y("new-client-name", errors.name?.message)}
              {...register("name")}
            />
          </FormField>
          <FormField id="new-client-role" label="Role" error={errors.role?.message}>
            <Select {...fieldA11y("new-client-role", errors.role?.message)} {...register("role")}>
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <fieldset aria-describedby={scopesError ? "new-client-scopes-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {SCOPES.map((scope) => (
              <label key={scope} className="flex gap-2 rounded-md p-2 text-sm ring-1 ring-slate-200">
                <input
                  type="checkbox"
                  value={scope}
                  className="mt-0.5 size-4 accent-indigo-600"
                  data-testid={`new-client-scope-${scope}`}
                  {...register("scopes")}
                />
                <span>
                  <span className="font-mono text-xs font-medium text-slate-900">{SCOPE_TEXT[scope].label}</span>
                  <span className="block text-xs text-slate-600">{SCOPE_TEXT[scope].help}</span>
                </span>
              </label>
            ))}
          </div>
          {scopesError && (
            <p id="new-client-scopes-error" role="alert" className="mt-1 text-sm text-red-700">
              {scopesError}
            </p>
          )}
        </fieldset>
        {publishable && (
          <FormField
            id="new-client-origins"
            label="Allowed origins (one per line)"
            error={errors.allowed_origins?.message}
          >
            <textarea
              rows={3}
              placeholder="https://shop.example"
              className={fieldClass}
              {...fieldA11y("new-client-origins", errors.allowed_origins?.message)}
              {...register("allowed_origins")}
            />
            <p className="mt-1 text-xs text-slate-500">
              This client gets a publishable key (pk_…) for the shop&apos;s pages. Browsers on other origins are
              refused; with none listed, only servers may use the key.
            </p>
          </FormField>
        )}
        <Button type="submit">{isSubmitting ? "Creating…" : "Create API client"}</Button>
      </fieldset>
    </form>
  );
}
