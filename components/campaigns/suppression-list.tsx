"use client";
/**
 * The suppression list: filtered by channel and address, a form to suppress an address or a
 * customer's address by hand (the server's field errors next to the fields), and, for super users,
 * removal after a confirmation.
 */
import { type FormEvent, useState } from "react";
import { SUPPRESSION_REASONS, type TSuppression } from "@/lib/campaigns/suppressions/schemas";
import { ApiClientError, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { FormField, fieldA11y } from "../ui/form-field";
import { formatDateTime } from "../ui/format";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Table, TBody, Td, Th } from "../ui/table";
import { useDebounced } from "./editor-queries";
import { SUPPRESSION_PAGE, useCreateSuppression, useDeleteSuppression, useSuppressions } from "./suppression-api";

const CHANNELS = { email: "E-mail", sms: "SMS", viber: "Viber" } as const;
const REASONS: Record<string, string> = {
  unsubscribe: "Unsubscribed",
  hard_bounce: "Hard bounce",
  complaint: "Complaint",
  stop_reply: "STOP reply",
  manual: "Manual",
};

export function SuppressionList({ canDelete }: { canDelete: boolean }) {
  const [channel, setChannel] = useState("");
  const [address, setAddress] = useState("");
  const [offset, setOffset] = useState(0);
  const list = useSuppressions({ channel, address: useDebounced(address.trim(), 250), offset });
  const [deleting, setDeleting] = useState<TSuppression>();
  const [notice, setNotice] = useState<string>();
  const remove = useDeleteSuppression();
  const rows = list.data?.suppressions ?? [];
  const count = list.data?.count ?? 0;

  return (
    <div className="space-y-4">
      <AddSuppression onDone={(s) => setNotice(`${s.address} is suppressed for ${CHANNELS[s.channel]}.`)} />
      {notice && <Alert tone="info">{notice}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select
          aria-label="Channel"
          className="sm:w-40"
          value={channel}
          onChange={(e) => {
            setChannel(e.target.value);
            setOffset(0);
          }}
        >
          <option value="">All channels</option>
          {Object.entries(CHANNELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Input
          aria-label="Search by address"
          placeholder="Address (e-mail or phone)"
          className="sm:w-80"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setOffset(0);
          }}
        />
      </div>
      <Card aria-label="Suppressions">
        {list.isPending ? (
          <p role="status" className="py-6 text-sm text-slate-500">
            Loading suppressions…
          </p>
        ) : list.error ? (
          <Alert tone="error">{errorMessage(list.error)}</Alert>
        ) : rows.length === 0 ? (
          <p className="py-6 text-sm text-slate-500">
            {channel || address.trim()
              ? "No suppression matches."
              : "No suppressed addresses. Unsubscribes, bounces and complaints will appear here."}
          </p>
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Address</Th>
                <Th>Channel</Th>
                <Th>Reason</Th>
                <Th>Source</Th>
                <Th>Customer</Th>
                <Th>Note</Th>
                <Th>Since</Th>
                {canDelete && (
                  <Th className="text-right">
                    <span className="sr-only">Actions</span>
                  </Th>
                )}
              </tr>
            </thead>
            <TBody>
              {rows.map((s) => (
                <tr key={s.suppression_id} data-testid="suppression-row">
                  <Td className="font-medium text-slate-900">{s.address}</Td>
                  <Td>{CHANNELS[s.channel]}</Td>
                  <Td>
                    <Badge tone={s.reason === "manual" ? "slate" : "amber"}>{REASONS[s.reason] ?? s.reason}</Badge>
                  </Td>
                  <Td>{s.source}</Td>
                  <Td>{s.customer_id ?? "—"}</Td>
                  <Td className="max-w-xs truncate" title={s.note}>
                    {s.note}
                  </Td>
                  <Td className="tabular-nums">{formatDateTime(s.date_created)}</Td>
                  {canDelete && (
                    <Td className="text-right">
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => {
                          remove.reset();
                          setDeleting(s);
                        }}
                      >
                        Remove<span className="sr-only"> {s.address}</span>
                      </Button>
                    </Td>
                  )}
                </tr>
              ))}
            </TBody>
          </Table>
        )}
        {count > SUPPRESSION_PAGE && (
          <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
            <p className="tabular-nums">
              {offset + 1}–{Math.min(offset + SUPPRESSION_PAGE, count)} of {count}
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - SUPPRESSION_PAGE))}
              >
                Previous
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={offset + SUPPRESSION_PAGE >= count}
                onClick={() => setOffset(offset + SUPPRESSION_PAGE)}
              >
                Next
              </Button>
            </div>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={!!deleting}
        title="Remove this suppression?"
        confirmLabel="Remove"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.suppression_id, {
            onSuccess: () => {
              setNotice(`${deleting.address} may be sent ${CHANNELS[deleting.channel]} messages again.`);
              setDeleting(undefined);
            },
          });
        }}
      >
        <p>
          {deleting?.address} may then be sent {deleting ? CHANNELS[deleting.channel] : ""} messages again when the
          customer consents and no other suppression of the address remains.
        </p>
        {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      </ConfirmDialog>
    </div>
  );
}

function AddSuppression({ onDone }: { onDone: (s: TSuppression) => void }) {
  const [channel, setChannel] = useState<keyof typeof CHANNELS>("email");
  const [by, setBy] = useState<"address" | "customer_id">("address");
  const [value, setValue] = useState("");
  const [reason, setReason] = useState<string>("manual");
  const [note, setNote] = useState("");
  const create = useCreateSuppression();
  const errors = create.error instanceof ApiClientError ? create.error.errors : [];
  const errorAt = (field: string) => errors.find((e) => e.loc.at(-1) === field)?.msg;
  const fieldError = errorAt(by);
  const general = create.error && errors.length === 0 ? errorMessage(create.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { channel, [by]: value.trim(), reason: reason as TSuppression["reason"], note },
      {
        onSuccess: (saved) => {
          setValue("");
          setNote("");
          onDone(saved);
        },
      },
    );
  };

  return (
    <Card>
      <CardTitle>Suppress an address</CardTitle>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-start">
        <FormField id="sup-channel" label="Channel">
          <Select
            id="sup-channel"
            value={channel}
            disabled={create.isPending}
            onChange={(e) => setChannel(e.target.value as keyof typeof CHANNELS)}
          >
            {Object.entries(CHANNELS).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="sup-by" label="By">
          <Select
            id="sup-by"
            value={by}
            disabled={create.isPending}
            onChange={(e) => setBy(e.target.value as "address" | "customer_id")}
          >
            <option value="address">Address</option>
            <option value="customer_id">Customer id</option>
          </Select>
        </FormField>
        <FormField
          id="sup-value"
          label={by === "address" ? "Address" : "Customer id"}
          error={fieldError}
          className="lg:col-span-2"
        >
          <Input
            {...fieldA11y("sup-value", fieldError)}
            required
            value={value}
            disabled={create.isPending}
            placeholder={by === "address" ? (channel === "email" ? "name@example.com" : "+44 7911 123456") : ""}
            onChange={(e) => setValue(e.target.value)}
          />
        </FormField>
        <FormField id="sup-reason" label="Reason">
          <Select
            id="sup-reason"
            value={reason}
            disabled={create.isPending}
            onChange={(e) => setReason(e.target.value)}
          >
            {SUPPRESSION_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASONS[r]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="sup-note" label="Note" error={errorAt("note")}>
          <Input
            {...fieldA11y("sup-note", errorAt("note"))}
            value={note}
            disabled={create.isPending}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        <div className="sm:col-span-2 lg:col-span-6">
          <Button type="submit" disabled={create.isPending || !value.trim()}>
            {create.isPending ? "Suppressing…" : "Suppress"}
          </Button>
        </div>
      </form>
      {general && (
        <Alert tone="error" className="mt-3">
          {general}
        </Alert>
      )}
    </Card>
  );
}
