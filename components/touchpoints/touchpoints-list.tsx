"use client";
import Link from "next/link";
import { TOUCHPOINT_TYPES } from "@/lib/touchpoints/constants";
import { errorMessage } from "../api/client";
import { ButtonLink } from "../ui/button";
import { formatDateTime } from "../ui/format";
import { Table, TBody, Td, Th } from "../ui/table";
import { useListParams } from "./list-params";
import { ListPager, ListState, ListToolbar } from "./list-toolbar";
import { useTouchpoints } from "./queries";
import { StatusBadges } from "./status-badges";

export function TouchpointsList() {
  const [params, update] = useListParams();
  const list = useTouchpoints(params);
  const rows = list.data?.rows ?? [];
  return (
    <div>
      <ListToolbar
        search={params.search ?? ""}
        onSearch={(search) => update({ search })}
        searchLabel="Search touchpoints by name"
        types={TOUCHPOINT_TYPES}
        type={params.type}
        onType={(type) => update({ type })}
      >
        <ButtonLink href="/touchpoints/new">New touchpoint</ButtonLink>
      </ListToolbar>
      <ListState
        isPending={list.isPending}
        error={list.error ? errorMessage(list.error) : null}
        isEmpty={rows.length === 0}
        filtered={Boolean(params.search || params.type)}
        what="touchpoints"
        empty={
          <>
            No touchpoints yet. A touchpoint puts a strategy on a position of your shop:{" "}
            <Link href="/touchpoints/new" className="font-medium text-indigo-700 underline">
              create the first one
            </Link>
            .
          </>
        }
      />
      {rows.length > 0 && (
        <Table data-testid="touchpoints-table">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th className="hidden sm:table-cell">Type</Th>
              <Th>Status</Th>
              <Th className="hidden md:table-cell">Slots</Th>
              <Th className="hidden lg:table-cell">Modified</Th>
            </tr>
          </thead>
          <TBody>
            {rows.map((t) => (
              <tr key={t.touchpoint_id}>
                <Td className="font-medium whitespace-normal">
                  <Link href={`/touchpoints/${t.touchpoint_id}`} className="text-indigo-700 hover:underline">
                    {t.touchpoint_name}
                  </Link>
                  <span className="block text-xs font-normal text-slate-500 sm:hidden">{t.touchpoint_type}</span>
                  <span className="block text-xs font-normal text-slate-500">{t.channel}</span>
                </Td>
                <Td className="hidden sm:table-cell">
                  {t.touchpoint_type}
                  <span className="block text-xs text-slate-500">{t.touchpoint_subtype}</span>
                </Td>
                <Td className="whitespace-normal">
                  <StatusBadges touchpoint={t} compact />
                </Td>
                <Td className="hidden tabular-nums md:table-cell">{t.number_of_positions}</Td>
                <Td className="hidden tabular-nums lg:table-cell">{formatDateTime(t.date_modified)}</Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      <ListPager params={params} update={update} count={list.data?.count} />
    </div>
  );
}
