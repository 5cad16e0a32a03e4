"use client";
/** One audience: its funnel as bars, its members with their recommended products, recalculation for dynamic ones. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Table, TBody, Td, Th } from "../ui/table";
import { ExportPanel } from "./export-panel";
import { FunnelChart } from "./funnel-chart";

interface ItemSummary {
  item_id: string;
  item_name: string;
  main_image: string;
  product_price: number;
}

interface Audience {
  audience_id: string;
  audience_name: string;
  status: string;
  is_dynamic: boolean;
  audience_size: number;
  date_modified: string;
  filters: {
    values: {
      filter_name: string;
      filter_entity: string;
      filter_type: string;
      count_before: number | null;
      count_now: number | null;
      filtered_percentage: string | null;
    }[];
  }[];
}
type Row = Record<string, string | number | null>;

export function AudienceView({ id }: { id: string }) {
  const client = useQueryClient();
  const [offset, setOffset] = useState(0);
  const audience = useQuery({
    queryKey: ["audiences", id],
    queryFn: () => apiFetch<Audience>(`/customer-studio/audiences/${encodeURIComponent(id)}`),
  });
  const members = useQuery({
    queryKey: ["audiences", id, "customers", offset],
    queryFn: () =>
      apiFetch<{ count: number; customers: Row[] }>(
        `/customer-studio/audiences/${encodeURIComponent(id)}/customers?offset=${offset}&limit=20`,
      ),
  });
  const productIds = [
    ...new Set(
      (members.data?.customers ?? []).flatMap((c) =>
        Array.from({ length: 10 }, (_, i) => c[`product_${i + 1}`]).filter((v): v is string => typeof v === "string"),
      ),
    ),
  ];
  const products = useQuery({
    queryKey: ["items", productIds],
    enabled: productIds.length > 0,
    staleTime: 60_000,
    queryFn: () =>
      apiFetch<{ items: ItemSummary[] }>(
        `/data/items?limit=100&item_ids=${encodeURIComponent(productIds.slice(0, 200).join(","))}`,
      ),
  });
  const itemById = new Map((products.data?.items ?? []).map((i) => [i.item_id, i]));
  const recalc = useMutation({
    mutationFn: () =>
      apiFetch(`/customer-studio/audiences/${encodeURIComponent(id)}/recalculate`, { method: "POST", body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["audiences", id] }),
  });
  if (audience.error) return <Alert tone="error">{errorMessage(audience.error)}</Alert>;
  const a = audience.data;
  if (!a) return <p role="status">Loading…</p>;
  const steps = a.filters.flatMap((g) => g.values);
  const total = steps[0]?.count_before ?? a.audience_size;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">{a.audience_name}</h1>
        <Badge tone={a.status === "created" ? "green" : "slate"}>{a.status}</Badge>
        <Badge>{a.is_dynamic ? "dynamic" : "static"}</Badge>
        {a.is_dynamic && (
          <Button size="sm" variant="secondary" onClick={() => recalc.mutate()} disabled={recalc.isPending}>
            {recalc.isPending ? "Recalculating…" : "Recalculate"}
          </Button>
        )}
      </div>
      {recalc.error && <Alert tone="error">{errorMessage(recalc.error)}</Alert>}
      <Card className="space-y-2" aria-labelledby="funnel-title">
        <CardTitle id="funnel-title">Funnel</CardTitle>
        <FunnelChart
          total={total}
          steps={steps}
          labels={steps.map(
            (s) => `${s.filter_name}${s.filter_entity !== "customer" ? ` (${s.filter_entity})` : ""} ${s.filter_type}`,
          )}
        />
        <p className="text-sm">
          Audience size: <strong data-testid="audience-size">{a.audience_size.toLocaleString("en")}</strong>
        </p>
      </Card>
      <ExportPanel audienceId={id} />
      <Card className="space-y-2" aria-labelledby="members-title">
        <CardTitle id="members-title">Customers ({members.data?.count.toLocaleString("en") ?? "…"})</CardTitle>
        <Table>
          <thead>
            <tr>
              <Th>Customer</Th>
              <Th>Name</Th>
              <Th>City</Th>
              <Th>Segment</Th>
              <Th className="text-right">CLV</Th>
              <Th>Recommended products</Th>
            </tr>
          </thead>
          <TBody>
            {(members.data?.customers ?? []).map((c) => (
              <tr key={String(c.customer_id)} data-testid="member-row">
                <Td className="font-mono text-xs">{c.customer_id}</Td>
                <Td>{[c.first_name, c.last_name].filter(Boolean).join(" ")}</Td>
                <Td>{c.city}</Td>
                <Td>{c.segment_name || c.segment_id}</Td>
                <Td className="text-right tabular-nums">{Number(c.clv_value ?? 0).toFixed(2)}</Td>
                <Td>
                  <ul className="flex flex-wrap gap-1" aria-label={`Recommended for ${c.customer_id}`}>
                    {Array.from({ length: 10 }, (_, i) => c[`product_${i + 1}`])
                      .filter((v): v is string => typeof v === "string")
                      .slice(0, 5)
                      .map((itemId) => (
                        <ProductThumb key={itemId} itemId={itemId} item={itemById.get(itemId)} />
                      ))}
                  </ul>
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - 20))}
          >
            Previous
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!members.data || offset + 20 >= members.data.count}
            onClick={() => setOffset(offset + 20)}
          >
            Next
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** A recommended product as a small picture with its name and price on hover; its id when it has no image. */
function ProductThumb({ itemId, item }: { itemId: string; item?: ItemSummary }) {
  const title = item ? `${item.item_name} (${item.product_price.toFixed(2)})` : itemId;
  return (
    <li
      title={title}
      className="h-10 w-10 overflow-hidden rounded border border-slate-200 bg-slate-50"
      data-testid="product-thumb"
    >
      {item?.main_image ? (
        // biome-ignore lint/performance/noImgElement: shop images from any host, shown as they are
        <img src={item.main_image} alt={item.item_name} className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <span className="flex h-full w-full items-center justify-center p-0.5 text-center font-mono text-[9px] leading-tight break-all text-slate-600">
          {itemId}
        </span>
      )}
    </li>
  );
}
