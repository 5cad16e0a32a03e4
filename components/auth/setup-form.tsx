"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { setupAction } from "@/app/setup/actions";
import { ZUserCreateFields } from "@/lib/auth/schemas";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";

const ZSetup = ZUserCreateFields.omit({ role: true }).extend({
  token: z.string().trim().min(1, "Copy the setup token from the start-up log."),
});
type TSetup = z.infer<typeof ZSetup>;
const FIELDS = ["token", "email", "name", "password"] as const;

export function SetupForm({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSetup>({ resolver: zodResolver(ZSetup), defaultValues: { token, email: "", name: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    // On success the action redirects to sign-in; it only returns on failure.
    const result = await setupAction(values);
    if (!result) return;
    for (const field of FIELDS) {
      const message = result.fieldErrors?.[field];
      if (message) setError(field, { type: "server", message });
    }
    if (result.error) setError("root.server", { type: "server", message: result.error });
  });

  const rootError = errors.root?.server?.message;
  const field = (name: (typeof FIELDS)[number], label: string, type: string, autoComplete: string) => (
    <FormField id={name} label={label} error={errors[name]?.message}>
      <Input type={type} autoComplete={autoComplete} {...fieldA11y(name, errors[name]?.message)} {...register(name)} />
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {rootError && <Alert tone="error">{rootError}</Alert>}
      <fieldset disabled={isSubmitting} className="space-y-4">
        {field("token", "Setup token", "text", "off")}
        {field("email", "E-mail", "email", "username")}
        {field("name", "Name", "text", "name")}
        {field("password", "Password", "password", "new-password")}
        <p className="text-sm text-slate-600">At least 12 characters, any kind. Common passwords are refused.</p>
        <Button type="submit" className="w-full" aria-busy={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create the super user"}
        </Button>
      </fieldset>
    </form>
  );
}
