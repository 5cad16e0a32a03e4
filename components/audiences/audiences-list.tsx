"use client";
/** The audiences: name, status, static or dynamic, size, with a search by name. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { apiFetch, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Card, CardTitle } from "../ui/card";
import { Input } from "../ui/input";
import { Table, TBody, Td, Th } from "../ui/table";

export interface AudienceRow {
  audience_id: string;
  audience_name: string;
  status: "draft" | "created";
  is_dynamic: boolean;
  audience_size: number;
  date_modified: string;
}

export function AudiencesList() {
  const [search, setSearch] = useState("");
  const list = useQuery({
    queryKey: ["audiences", "list", search],
    queryFn: () =>
      apiFetch<{ count: number; audiences: AudienceRow[] }>(
        `/customer-studio/audiences?${new URLSearchParams({ offset: "0", limit: "50", ...(search ? { search } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Card className="space-y-3" aria-labelledby="audiences-title">
      <CardTitle id="audiences-title">Audiences</CardTitle>
      <Input
        aria-label="Search audiences"
        placeholder="Search by name"
        className="sm:w-80"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.error && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      <Table>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Status</Th>
            <Th>Kind</Th>
            <Th className="text-right">Customers</Th>
            <Th>Modified</Th>
          </tr>
        </thead>
        <TBody>
          {(list.data?.audiences ?? []).map((a) => (
            <tr key={a.audience_id} data-testid="audience-row">
              <Td>
                <Link className="font-medium text-indigo-700 hover:underline" href={`/audiences/${a.audience_id}`}>
                  {a.audience_name}
                </Link>
              </Td>
              <Td>
                <Badge tone={a.status === "created" ? "green" : "slate"}>{a.status}</Badge>
              </Td>
              <Td>{a.is_dynamic ? "dynamic" : "static"}</Td>
              <Td className="text-right tabular-nums">{a.audience_size.toLocaleString("en")}</Td>
              <Td>{a.date_modified}</Td>
            </tr>
          ))}
          {list.data && list.data.audiences.length === 0 && (
            <tr>
              <Td colSpan={5} className="text-slate-500">
                No audience yet.
              </Td>
            </tr>
          )}
        </TBody>
      </Table>
    </Card>
  );
}
