"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type TPosition, ZPositionInput } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { applyServerErrors } from "../api/form-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { useListParams } from "./list-params";
import { ListPager, ListState, ListToolbar } from "./list-toolbar";
import { useDeletePosition, usePositions, useSavePosition } from "./queries";

type TPositionForm = z.input<typeof ZPositionInput>;
const FIELDS = ["position_name", "position_description"] as const;

export function PositionsList() {
  const [params, update] = useListParams();
  const list = usePositions(params);
  const remove = useDeletePosition();
  const [editing, setEditing] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];
  return (
    <div className="space-y-4">
      <ListToolbar
        search={params.search ?? ""}
        onSearch={(search) => update({ search })}
        searchLabel="Search positions by name"
      >
        <Button onClick={() => setEditing("new")} disabled={editing === "new"}>
          New position
        </Button>
      </ListToolbar>
      {editing === "new" && (
        <Card>
          <PositionForm onDone={() => setEditing(null)} />
        </Card>
      )}
      {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      {remove.data && <Alert tone="info">{remove.data.detail}</Alert>}
      <ListState
        isPending={list.isPending}
        error={list.error ? errorMessage(list.error) : null}
        isEmpty={rows.length === 0}
        filtered={Boolean(params.search)}
        what="positions"
        empty="No positions yet. A position is a named place in your shop (home page carousel, cart...)."
      />
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          {rows.map((p) =>
            editing === p.position_id ? (
              <li key={p.position_id} className="p-4">
                <PositionForm position={p} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <PositionRow
                key={p.position_id}
                position={p}
                busy={remove.isPending && remove.variables === p.position_id}
                onEdit={() => setEditing(p.position_id)}
                onDelete={() => remove.mutate(p.position_id)}
              />
            ),
          )}
        </ul>
      )}
      <ListPager params={params} update={update} count={list.data?.count} />
    </div>
  );
}

function PositionRow({
  position: p,
  busy,
  onEdit,
  onDelete,
}: {
  position: TPosition;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{p.position_name}</p>
        {p.position_description && <p className="text-sm text-slate-600">{p.position_description}</p>}
        <p className="font-mono text-xs text-slate-400">{p.position_id}</p>
      </div>
      <div className="flex shrink-0 gap-1.5">
        {confirming ? (
          <>
            <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
              {busy ? "Deleting…" : "Yes, delete"}
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${p.position_name}`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${p.position_name}`}
            >
              Delete
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function PositionForm({ position, onDone }: { position?: TPosition; onDone: () => void }) {
  const save = useSavePosition(position?.position_id);
  const id = position?.position_id ?? "new";
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TPositionForm, unknown, z.output<typeof ZPositionInput>>({
    resolver: zodResolver(ZPositionInput),
    defaultValues: {
      position_name: position?.position_name ?? "",
      position_description: position?.position_description ?? "",
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={position ? `Edit ${position.position_name}` : "New position"}>
      <fieldset disabled={isSubmitting} className="space-y-3">
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField id={`${id}-name`} label="Name" error={errors.position_name?.message}>
            <Input {...fieldA11y(`${id}-name`, errors.position_name?.message)} {...register("position_name")} />
          </FormField>
          <FormField
            id={`${id}-description`}
            label="Description"
            error={errors.position_description?.message}
            className="sm:col-span-2"
          >
            <Input
              {...fieldA11y(`${id}-description`, errors.position_description?.message)}
              {...register("position_description")}
            />
          </FormField>
        </div>
        <div className="flex gap-2">
          <Button type="submit">{isSubmitting ? "Saving…" : position ? "Save position" : "Create position"}</Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
