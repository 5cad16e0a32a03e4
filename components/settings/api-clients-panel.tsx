"use client";
import { useState } from "react";
import type { TApiClient } from "@/lib/auth/api-clients";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Table, TBody, Td, Th } from "../ui/table";
import { CreateApiClientForm } from "./create-api-client-form";
import { NewSecret } from "./new-secret";
import { type TNewApiClient, useApiClients, useRevokeApiClient } from "./queries";

export function ApiClientsPanel() {
  const clients = useApiClients();
  const revoke = useRevokeApiClient();
  // The secret lives only in this component's state: it is gone after "Done" or a reload.
  const [fresh, setFresh] = useState<TNewApiClient>();

  return (
    <Card aria-labelledby="clients-title" className="space-y-4">
      <div>
        <CardTitle id="clients-title">API clients</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          External systems get tokens with <code className="font-mono text-xs">POST /api/latest/auth/token</code> and
          the <code className="font-mono text-xs">client_credentials</code> grant. Revoking a client stops its tokens at
          once. Scopes limit what a client may do: a client with the <code className="font-mono text-xs">content</code>{" "}
          scope alone gets a publishable key (<code className="font-mono text-xs">pk_…</code>) that a shop&apos;s pages
          may carry; it reads content and search, sends events, and nothing else.
        </p>
      </div>
      {fresh && <NewSecret client={fresh} onDone={() => setFresh(undefined)} />}
      {revoke.error && <Alert tone="error">{errorMessage(revoke.error)}</Alert>}
      {clients.isPending && <p className="text-sm text-slate-500">Loading API clients…</p>}
      {clients.error && <Alert tone="error">API clients could not be loaded: {errorMessage(clients.error)}</Alert>}
      {clients.data && clients.data.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No API clients yet. Create one below.
        </p>
      )}
      {clients.data && clients.data.length > 0 && (
        <Table data-testid="api-clients-table">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Role</Th>
              <Th>Scopes</Th>
              <Th>Client id</Th>
              <Th className="hidden lg:table-cell">Created</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <TBody>
            {clients.data.map((client) => (
              <ClientRow
                key={client.id}
                client={client}
                busy={revoke.isPending && revoke.variables === client.client_id}
                onRevoke={() => revoke.mutate(client.client_id)}
              />
            ))}
          </TBody>
        </Table>
      )}
      <CreateApiClientForm onCreated={setFresh} />
    </Card>
  );
}

function ClientRow({ client, busy, onRevoke }: { client: TApiClient; busy: boolean; onRevoke: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const revoked = client.date_revoked !== null;
  return (
    <tr data-testid={`client-row-${client.client_id}`}>
      <Td className="font-medium text-slate-900">{client.name}</Td>
      <Td>{client.role}</Td>
      <Td>
        <span className="flex flex-wrap gap-1">
          {client.scopes.map((scope) => (
            <Badge key={scope} tone={scope === "studio" ? "amber" : "slate"}>
              {scope}
            </Badge>
          ))}
        </span>
      </Td>
      <Td>
        <code className="font-mono text-xs">{client.client_id}</code>
        {client.publishable_key && (
          <span className="mt-1 block text-xs text-slate-600">
            key{" "}
            <code className="font-mono break-all select-all" data-testid={`publishable-key-${client.client_id}`}>
              {client.publishable_key}
            </code>
            <span className="block">
              {client.allowed_origins.length > 0
                ? `from ${client.allowed_origins.join(", ")}`
                : "no browser origin allowed (servers only)"}
            </span>
          </span>
        )}
      </Td>
      <Td className="hidden tabular-nums lg:table-cell">
        {formatDateTime(client.date_created)}
        <span className="block text-xs text-slate-500">by {client.created_by}</span>
      </Td>
      <Td>
        {revoked ? (
          <>
            <Badge tone="red">revoked</Badge>
            <span className="block text-xs text-slate-500 tabular-nums">{formatDateTime(client.date_revoked)}</span>
          </>
        ) : (
          <>
            <Badge tone="green">active</Badge>
            <span className="block text-xs text-slate-500 tabular-nums">
              {client.last_used ? `last used ${formatDateTime(client.last_used)}` : "never used"}
            </span>
          </>
        )}
      </Td>
      <Td className="text-right">
        {!revoked &&
          (confirming ? (
            <span className="inline-flex gap-1.5">
              <Button size="sm" variant="danger" disabled={busy} onClick={onRevoke}>
                {busy ? "Revoking…" : "Yes, revoke"}
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)} aria-label={`Revoke ${client.name}`}>
              Revoke
            </Button>
          ))}
      </Td>
    </tr>
  );
}
