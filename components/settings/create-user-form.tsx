"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ZUserCreateFields } from "@/lib/auth/schemas";
import { ApiClientError } from "../api/client";
import { applyServerErrors } from "../api/form-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { useCreateUser } from "./queries";
import { ROLE_OPTIONS } from "./roles";

/** The API's own rules (lib/auth/schemas.ts); the server validates again and its field errors win. */
export const ZUserCreateForm = ZUserCreateFields;
export type TUserCreateForm = z.infer<typeof ZUserCreateForm>;

const FIELDS = ["email", "name", "role", "password"] as const;
const EMPTY: TUserCreateForm = { email: "", name: "", role: "user", password: "" };

export function CreateUserForm() {
  const create = useCreateUser();
  const [created, setCreated] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TUserCreateForm>({ resolver: zodResolver(ZUserCreateForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setCreated(undefined);
    try {
      const user = await create.mutateAsync(values);
      reset(EMPTY);
      setCreated(user.email);
    } catch (error) {
      // A taken e-mail is a 409 without field errors; it belongs next to the e-mail field all the same.
      if (error instanceof ApiClientError && error.code === "already_exists") {
        setError("email", { type: "server", message: error.detail });
      } else {
        applyServerErrors(error, setError, FIELDS);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="create-user-title" className="border-t border-slate-200 pt-4">
      <h3 id="create-user-title" className="text-sm font-semibold text-slate-900">
        Add a user
      </h3>
      <fieldset disabled={isSubmitting} className="mt-3 space-y-3">
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        {created && <Alert tone="info">{created} can now sign in.</Alert>}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField id="new-user-email" label="E-mail" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              {...fieldA11y("new-user-email", errors.email?.message)}
              {...register("email")}
            />
          </FormField>
          <FormField id="new-user-name" label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...fieldA11y("new-user-name", errors.name?.message)} {...register("name")} />
          </FormField>
          <FormField id="new-user-role" label="Role" error={errors.role?.message}>
            <Select {...fieldA11y("new-user-role", errors.role?.message)} {...register("role")}>
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="new-user-password" label="Password" error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...fieldA11y("new-user-password", errors.password?.message)}
              {...register("password")}
            />
          </FormField>
        </div>
        <Button type="submit">{isSubmitting ? "Adding…" : "Add user"}</Button>
      </fieldset>
    </form>
  );
}
