"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ZApiClientCreateFields } from "@/lib/auth/schemas";
import { applyServerErrors } from "../api/form-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { type TNewApiClient, useCreateApiClient } from "./queries";
import { ROLE_OPTIONS } from "./roles";

/** The API's own rules (lib/auth/schemas.ts); the server validates again. */
export const ZApiClientCreateForm = ZApiClientCreateFields;
export type TApiClientCreateForm = z.infer<typeof ZApiClientCreateForm>;

const FIELDS = ["name", "role"] as const;
const EMPTY: TApiClientCreateForm = { name: "", role: "user" };

export function CreateApiClientForm({ onCreated }: { onCreated: (client: TNewApiClient) => void }) {
  const create = useCreateApiClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TApiClientCreateForm>({ resolver: zodResolver(ZApiClientCreateForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
      reset(EMPTY);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

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
        <Button type="submit">{isSubmitting ? "Creating…" : "Create API client"}</Button>
      </fieldset>
    </form>
  );
}
