"use client";
import { useState } from "react";
import { ZPasswordField } from "@/lib/auth/schemas";
import { ApiClientError, errorMessage } from "../api/client";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { useResetPassword } from "./queries";

/** A super user sets another user's password; the user must change it at the next sign-in. */
export function ResetPassword({ userId, email }: { userId: string; email: string }) {
  const reset = useResetPassword();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();

  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Reset password of ${email}`}>
        Reset password
      </Button>
    );
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = ZPasswordField.safeParse(password);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    try {
      await reset.mutateAsync({ id: userId, new_password: password });
      setOpen(false);
      setPassword("");
      setError(undefined);
    } catch (e) {
      setError(e instanceof ApiClientError ? (e.fieldErrors.new_password ?? e.detail) : errorMessage(e));
    }
  };
  const errorId = `reset-${userId}-error`;
  return (
    <form onSubmit={submit} className="flex flex-col items-end gap-1">
      <div className="flex gap-2">
        <Input
          type="password"
          autoComplete="new-password"
          aria-label={`New password for ${email}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="w-48 py-1"
        />
        <Button size="sm" type="submit" disabled={reset.isPending}>
          Set
        </Button>
        <Button size="sm" variant="secondary" type="button" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
