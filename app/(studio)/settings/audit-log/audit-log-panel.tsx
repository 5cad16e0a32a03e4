"use client";
/** The audit log's table with its filters (actor, action, object id) and pages, read with react-query. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiFetch, errorMessage } from "@/components/api/client";
import { queryKeys } from "@/components/api/keys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TBody, Td, Th } from "@/components/ui/table";
import type { TAuditList } from "@/lib/audit/schemas";

const PAGE = 50;

interface Filters {
  actor: string;
  action: string;
  object_id: string;
}

const EMPTY: Filters = { actor: "", action: "", object_id: "" };

function useAuditLog(filters: Filters, offset: number) {
  return useQuery({
    queryKey: [...queryKeys.settings.all, "audit-log", filters, offset] as const,
    queryFn: () => {
      const search = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
      for (const [key, value] of Object.entries(filters)) if (value.trim()) search.set(key, value.trim());
      return apiFetch<TAuditList>(`/settings/audit-log?${search}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function AuditLogPanel() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(filters, offset);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setOffset(0);
  };
  const field = (name: keyof Filters, label: string, placeholder: string) => (
    <div className="space-y-1">
      <Label htmlFor={`audit-${name}`}>{label}</Label>
      <Input
        id={`audit-${name}`}
        value={draft[name]}
        placeholder={placeholder}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </div>
  );
  const count = log.data?.count ?? 0;

  return (
    <Card className="space-y-4">
      <form onSubmit={apply} className="grid gap-3 sm:grid-cols-4 sm:items-end" aria-label="Filter the audit log">
        {field("actor", "Actor", "e-mail or client id")}
        {field("action", "Action", "campaign.approve or campaign.*")}
        {field("object_id", "Object id", "any id of the object")}
        <div className="flex gap-2">
          <Button type="submit">Filter</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setOffset(0);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {log.isPending && <p className="text-sm text-slate-500">Loading the audit log…</p>}
      {log.error && <Alert tone="error">The audit log could not be loaded: {errorMessage(log.error)}</Alert>}
      {log.data && log.data.entries.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No entries match.
        </p>
      )}
      {log.data && log.data.entries.length > 0 && (
        <Table data-testid="audit-log-table">
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Actor</Th>
              <Th>Action</Th>
              <Th>Object</Th>
              <Th>Summary</Th>
              <Th className="hidden lg:table-cell">Request id</Th>
            </tr>
          </thead>
          <TBody>
            {log.data.entries.map((entry) => (
              <tr key={entry.audit_id}>
                <Td className="whitespace-nowrap">{formatDateTime(entry.date_created)}</Td>
                <Td>
                  {entry.actor}
                  {entry.actor_role && <span className="ml-1 text-xs text-slate-500">({entry.actor_role})</span>}
                </Td>
                <Td className="font-mono text-xs">{entry.action}</Td>
                <Td className="font-mono text-xs break-all">
                  {entry.object_type}
                  {entry.object_id && (
                    <button
                      type="button"
                      className="ml-1 text-indigo-700 hover:underline"
                      title="Show every entry of this object"
                      onClick={() => {
                        const next = { ...EMPTY, object_id: entry.object_id };
                        setDraft(next);
                        setFilters(next);
                        setOffset(0);
                      }}
                    >
                      {entry.object_id}
                    </button>
                  )}
                </Td>
                <Td className="text-xs">{entry.summary}</Td>
                <Td className="hidden font-mono text-xs lg:table-cell">{entry.request_id}</Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      {count > 0 && (
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            {offset + 1}–{Math.min(offset + PAGE, count)} of {count}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Newer
            </Button>
            <Button variant="secondary" disabled={offset + PAGE >= count} onClick={() => setOffset(offset + PAGE)}>
              Older
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
