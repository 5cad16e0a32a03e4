"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { signInAction } from "./actions";
import { type TSignIn, ZSignIn } from "./sign-in-schema";

export function SignInForm({ redirectTo }: { redirectTo?: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSignIn>({ resolver: zodResolver(ZSignIn), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    // On success the action redirects and this component goes away; it only returns on failure.
    const result = await signInAction(values, redirectTo);
    if (result) setError("root.server", { type: "server", message: result.error });
  });

  const rootError = errors.root?.server?.message;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-describedby={rootError ? "sign-in-error" : undefined}
    >
      {rootError && (
        <Alert tone="error" id="sign-in-error">
          {rootError}
        </Alert>
      )}
      <fieldset disabled={isSubmitting} className="space-y-4">
        <FormField id="email" label="E-mail" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="username"
            autoFocus
            {...fieldA11y("email", errors.email?.message)}
            {...register("email")}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...fieldA11y("password", errors.password?.message)}
            {...register("password")}
          />
        </FormField>
        <Button type="submit" className="w-full" aria-busy={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </Button>
      </fieldset>
    </form>
  );
}
