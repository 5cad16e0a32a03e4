"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ZPasswordChangeFields } from "@/lib/auth/schemas";
import { apiFetch } from "../api/client";
import { applyServerErrors } from "../api/form-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";

const ZForm = ZPasswordChangeFields.extend({ repeat: z.string() }).refine((v) => v.repeat === v.new_password, {
  path: ["repeat"],
  message: "The two new passwords differ.",
});
type TForm = z.infer<typeof ZForm>;
const FIELDS = ["current_password", "new_password"] as const;
const EMPTY: TForm = { current_password: "", new_password: "", repeat: "" };

/** PUT /settings/users/me/password. `then`: where to go after a change (the forced change page). */
export function ChangePasswordForm({ then }: { then?: string }) {
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TForm>({ resolver: zodResolver(ZForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setDone(false);
    try {
      await apiFetch("/settings/users/me/password", { method: "PUT", body: { current_password, new_password } });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      return;
    }
    reset(EMPTY);
    if (then) window.location.assign(then);
    else setDone(true);
  });

  const rootError = errors.root?.server?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {rootError && <Alert tone="error">{rootError}</Alert>}
      {done && <Alert tone="info">Your password is changed.</Alert>}
      <fieldset disabled={isSubmitting} className="space-y-4">
        <FormField id="current_password" label="Current password" error={errors.current_password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...fieldA11y("current_password", errors.current_password?.message)}
            {...register("current_password")}
          />
        </FormField>
        <FormField id="new_password" label="New password" error={errors.new_password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11y("new_password", errors.new_password?.message)}
            {...register("new_password")}
          />
        </FormField>
        <FormField id="repeat" label="New password again" error={errors.repeat?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11y("repeat", errors.repeat?.message)}
            {...register("repeat")}
          />
        </FormField>
        <p className="text-sm text-slate-600">
          At least 12 characters, any kind; a phrase of several words is easy to remember. Common passwords are refused.
        </p>
        <Button type="submit" aria-busy={isSubmitting}>
          {isSubmitting ? "Changing…" : "Change password"}
        </Button>
      </fieldset>
    </form>
  );
}
