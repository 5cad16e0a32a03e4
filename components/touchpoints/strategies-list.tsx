"use client";
import Link from "next/link";
import { useState } from "react";
import { TOUCHPOINT_TYPES } from "@/lib/touchpoints/constants";
import type { TStrategy } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button, ButtonLink } from "../ui/button";
import { formatCount, formatDateTime } from "../ui/format";
import { Table, TBody, Td, Th } from "../ui/table";
import { useListParams } from "./list-params";
import { ListPager, ListState, ListToolbar } from "./list-toolbar";
import { useDeleteStrategy, useStrategies } from "./queries";

export function StrategiesList() {
  const [params, update] = useListParams();
  const list = useStrategies(params);
  const remove = useDeleteStrategy();
  const rows = list.data?.rows ?? [];
  return (
    <div>
      <ListToolbar
        search={params.search ?? ""}
        onSearch={(search) => update({ search })}
        searchLabel="Search strategies by name"
        types={TOUCHPOINT_TYPES}
        type={params.type}
        onType={(type) => update({ type })}
      >
        <ButtonLink href="/touchpoints/strategies/new">New strategy</ButtonLink>
      </ListToolbar>
      {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      {remove.data && <Alert tone="info">{remove.data.detail}</Alert>}
      <ListState
        isPending={list.isPending}
        error={list.error ? errorMessage(list.error) : null}
        isEmpty={rows.length === 0}
        filtered={Boolean(params.search || params.type)}
        what="strategies"
        empty={
          <>
            No strategies yet. A strategy says which rule fills which slot:{" "}
            <Link href="/touchpoints/strategies/new" className="font-medium text-indigo-700 underline">
              build the first one
            </Link>
            .
          </>
        }
      />
      {rows.length > 0 && (
        <Table data-testid="strategies-table" className="mt-2">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th className="hidden sm:table-cell">Type</Th>
              <Th className="hidden md:table-cell">Rules</Th>
              <Th className="hidden md:table-cell">Customers</Th>
              <Th className="hidden 2xl:table-cell">Modified</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <TBody>
            {rows.map((s) => (
              <StrategyRow
                key={s.strategy_id}
                strategy={s}
                busy={remove.isPending && remove.variables === s.strategy_id}
                onDelete={() => remove.mutate(s.strategy_id)}
              />
            ))}
          </TBody>
        </Table>
      )}
      <ListPager params={params} update={update} count={list.data?.count} />
    </div>
  );
}

function StrategyRow({ strategy: s, busy, onDelete }: { strategy: TStrategy; busy: boolean; onDelete: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const kinds = [...new Set(s.rules.map((r) => r.rule_type))];
  return (
    <tr>
      <Td className="font-medium whitespace-normal">
        <Link href={`/touchpoints/strategies/${s.strategy_id}`} className="text-indigo-700 hover:underline">
          {s.strategy_name}
        </Link>
        <span className="ml-1.5 inline-flex gap-1 align-middle">
          {s.is_default && <Badge tone="indigo">default</Badge>}
          {!s.is_ready && <Badge tone="blue">calculating</Badge>}
        </span>
        <span className="block text-xs font-normal text-slate-500 sm:hidden">{s.strategy_type}</span>
      </Td>
      <Td className="hidden sm:table-cell">{s.strategy_type}</Td>
      <Td className="hidden md:table-cell" title={kinds.join(", ")}>
        <span className="block max-w-48 truncate lg:max-w-64">
          {s.rules.length} · {kinds.join(", ")}
        </span>
      </Td>
      <Td className="hidden tabular-nums md:table-cell" title={s.segments.join(", ")}>
        {formatCount(s.segment_count)}
      </Td>
      <Td className="hidden tabular-nums 2xl:table-cell">{formatDateTime(s.date_modified)}</Td>
      <Td className="text-right">
        {confirming ? (
          <span className="inline-flex gap-1.5">
            <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
              {busy ? "Deleting…" : "Yes, delete"}
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button
            size="sm"
            variant="danger"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${s.strategy_name}`}
          >
            Delete
          </Button>
        )}
      </Td>
    </tr>
  );
}
