"use client";
/**
 * The audience builder: groups of filters with their connectors, a live funnel (the estimate
 * route, debounced) drawn as bars with count_before, count_now and the percentage per step, and
 * save as draft or create.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { apiFetch, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Input } from "../ui/input";
import { Select } from "../ui/select";

type Connector = "AND" | "OR";
let nextKey = 0;
const key = () => ++nextKey;

interface FilterRow {
  key: number;
  filter_name: string;
  filter_entity: string;
  filter_type: string;
  /** Comma-separated for IN/NOT_IN, "min-max" for BETWEEN, a value otherwise. */
  text: string;
  period_days?: number;
  connector: Connector;
}
interface GroupRow {
  key: number;
  filter_group: string;
  connector: Connector;
  filters: FilterRow[];
}

/** What each filter takes (the server checks again and names a bad one). */
const FILTER_CHOICES: { name: string; label: string; entity: string; types: string[]; hint: string }[] = [
  {
    name: "segment",
    label: "Segment",
    entity: "customer",
    types: ["IN", "NOT_IN"],
    hint: "segment ids, comma-separated",
  },
  { name: "age", label: "Age", entity: "customer", types: ["BETWEEN", "GTE", "LTE"], hint: "e.g. 25-40" },
  { name: "gender", label: "Gender", entity: "customer", types: ["IN", "NOT_IN"], hint: "e.g. F, M" },
  { name: "city", label: "City", entity: "customer", types: ["IN", "NOT_IN"], hint: "e.g. Paris, Lyon" },
  { name: "country", label: "Country", entity: "customer", types: ["IN", "NOT_IN"], hint: "e.g. United Kingdom" },
  { name: "email_consent", label: "E-mail consent", entity: "customer", types: ["IN"], hint: "True or False" },
  { name: "sms_consent", label: "SMS consent", entity: "customer", types: ["IN"], hint: "True or False" },
  { name: "viber_consent", label: "Viber consent", entity: "customer", types: ["IN"], hint: "True or False" },
  {
    name: "customer-lifetime-value",
    label: "Lifetime value",
    entity: "customer",
    types: ["BETWEEN", "GTE", "LTE"],
    hint: "e.g. 100-5000",
  },
  {
    name: "purchases-180-days",
    label: "Purchases in 180 days",
    entity: "customer",
    types: ["BETWEEN", "GTE", "LTE"],
    hint: "e.g. 2-100",
  },
  {
    name: "days-since-last-purchase",
    label: "Days since last purchase",
    entity: "customer",
    types: ["BETWEEN", "GTE", "LTE"],
    hint: "e.g. 0-30",
  },
  { name: "purchased", label: "Bought products", entity: "product_id", types: ["IN", "NOT_IN"], hint: "item ids" },
  {
    name: "purchased",
    label: "Bought from categories",
    entity: "category",
    types: ["IN", "NOT_IN"],
    hint: "category names",
  },
  {
    name: "purchased",
    label: "Bought with attributes",
    entity: "attribute",
    types: ["IN", "NOT_IN"],
    hint: "attribute_color=red",
  },
];

const choiceKey = (c: { name: string; entity: string }) => `${c.name}|${c.entity}`;
const newFilter = (): FilterRow => ({
  key: key(),
  filter_name: "country",
  filter_entity: "customer",
  filter_type: "IN",
  text: "",
  connector: "AND",
});

function filterValues(f: FilterRow): unknown {
  if (f.filter_type === "BETWEEN") {
    const [min, max] = f.text.split(/\s*[-–]\s*|\s+/).map(Number);
    return { value_name: f.filter_name, min_value: min ?? Number.NaN, max_value: max ?? min ?? Number.NaN };
  }
  if (f.filter_type === "IN" || f.filter_type === "NOT_IN") {
    return f.text
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
  }
  return Number(f.text);
}

export function toFilters(groups: GroupRow[]) {
  return groups.map((g, gi) => ({
    filter_group: g.filter_group,
    filter_group_order: gi,
    next_group_connector: g.connector,
    values: g.filters.map((f, fi) => ({
      filter_name: f.filter_name,
      filter_entity: f.filter_entity,
      filter_type: f.filter_type,
      filter_order: fi,
      filter_value_connector: f.connector,
      filter_values: filterValues(f),
      ...(f.filter_name === "purchased" ? { period_days: f.period_days ?? 365 } : {}),
    })),
  }));
}

interface Counted {
  filter_name: string;
  count_before: number | null;
  count_now: number | null;
  filtered_percentage: string | null;
}
interface Estimate {
  total_customers: number;
  audience_size: number;
  filters: { values: Counted[] }[];
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setCurrent(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return current;
}

export function AudienceBuilder() {
  const router = useRouter();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [dynamic, setDynamic] = useState(false);
  const [groups, setGroups] = useState<GroupRow[]>(() => [
    { key: key(), filter_group: "demographics", connector: "AND", filters: [newFilter()] },
  ]);
  const filters = toFilters(groups);
  const asked = useDebounced(JSON.stringify(filters), 400);
  const estimate = useQuery({
    queryKey: ["audiences", "estimate", asked],
    queryFn: () =>
      apiFetch<Estimate>("/customer-studio/audiences/estimate", {
        method: "POST",
        body: { filters: JSON.parse(asked) },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (status: "draft" | "created") =>
      apiFetch<{ audience_id: string }>("/customer-studio/audiences", {
        method: "POST",
        body: { audience_name: name, status, is_dynamic: dynamic, filters },
      }),
    onSuccess: async (a) => {
      await client.invalidateQueries({ queryKey: ["audiences"] });
      router.push(`/audiences/${a.audience_id}`);
    },
  });
  const update = (g: number, f: number, change: Partial<FilterRow>) =>
    setGroups((all) =>
      all.map((group, gi) =>
        gi !== g ? group : { ...group, filters: group.filters.map((x, fi) => (fi === f ? { ...x, ...change } : x)) },
      ),
    );
  const steps = estimate.data?.filters.flatMap((g) => g.values) ?? [];
  const total = estimate.data?.total_customers ?? 0;

  return (
    <Card className="space-y-4" aria-labelledby="builder-title">
      <CardTitle id="builder-title">New audience</CardTitle>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-80">
          <label htmlFor="audience-name" className="block text-sm font-medium text-slate-700">
            Name
          </label>
          <Input id="audience-name" className="mt-1" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={dynamic} onChange={(e) => setDynamic(e.target.checked)} />
          Dynamic (counted again on demand and before each send; static keeps the members found now)
        </label>
      </div>
      <ol className="space-y-3">
        {groups.map((group, g) => (
          <li key={group.key} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid={`group-${g}`}>
            <div className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700">Group {g + 1}</div>
            <ul className="space-y-2">
              {group.filters.map((f, i) => {
                const choice = FILTER_CHOICES.find((c) => c.name === f.filter_name && c.entity === f.filter_entity);
                return (
                  <li key={f.key} className="flex flex-wrap items-center gap-2">
                    <Select
                      aria-label={`Filter ${g + 1}.${i + 1}`}
                      className="w-56"
                      value={choiceKey({ name: f.filter_name, entity: f.filter_entity })}
                      onChange={(e) => {
                        const c = FILTER_CHOICES.find((x) => choiceKey(x) === e.target.value)!;
                        update(g, i, {
                          filter_name: c.name,
                          filter_entity: c.entity,
                          filter_type: c.types[0]!,
                          text: "",
                        });
                      }}
                    >
                      {FILTER_CHOICES.map((c) => (
                        <option key={choiceKey(c)} value={choiceKey(c)}>
                          {c.label}
                        </option>
                      ))}
                    </Select>
                    <Select
                      aria-label={`Type of filter ${g + 1}.${i + 1}`}
                      className="w-32"
                      value={f.filter_type}
                      onChange={(e) => update(g, i, { filter_type: e.target.value })}
                    >
                      {(choice?.types ?? ["IN"]).map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </Select>
                    <Input
                      aria-label={`Values of filter ${g + 1}.${i + 1}`}
                      className="w-64"
                      placeholder={choice?.hint}
                      value={f.text}
                      onChange={(e) => update(g, i, { text: e.target.value })}
                    />
                    {f.filter_name === "purchased" && (
                      <Input
                        aria-label={`Days of filter ${g + 1}.${i + 1}`}
                        className="w-28"
                        type="number"
                        min={1}
                        value={f.period_days ?? 365}
                        onChange={(e) => update(g, i, { period_days: Number(e.target.value) || 365 })}
                      />
                    )}
                    {i < group.filters.length - 1 && (
                      <Select
                        aria-label={`Connector after filter ${g + 1}.${i + 1}`}
                        className="w-24"
                        value={f.connector}
                        onChange={(e) => update(g, i, { connector: e.target.value as Connector })}
                      >
                        <option value="AND">AND</option>
                        <option value="OR">OR</option>
                      </Select>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  setGroups((all) =>
                    all.map((x, gi) => (gi === g ? { ...x, filters: [...x.filters, newFilter()] } : x)),
                  )
                }
              >
                Add filter
              </Button>
              {g < groups.length - 1 && (
                <Select
                  aria-label={`Connector after group ${g + 1}`}
                  className="w-24"
                  value={group.connector}
                  onChange={(e) =>
                    setGroups((all) =>
                      all.map((x, gi) => (gi === g ? { ...x, connector: e.target.value as Connector } : x)),
                    )
                  }
                >
                  <option value="AND">AND</option>
                  <option value="OR">OR</option>
                </Select>
              )}
            </div>
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="ghost"
        onClick={() =>
          setGroups((all) => [
            ...all,
            { key: key(), filter_group: "product-focused-filters", connector: "AND", filters: [newFilter()] },
          ])
        }
      >
        Add group
      </Button>
      <section aria-labelledby="funnel-title" className="space-y-2">
        <h3 id="funnel-title" className="text-sm font-semibold text-slate-800">
          Funnel {estimate.isFetching && <span className="font-normal text-slate-500">(counting…)</span>}
        </h3>
        {estimate.error && <Alert tone="error">{errorMessage(estimate.error)}</Alert>}
        <p className="text-sm text-slate-600">All customers: {total.toLocaleString("en")}</p>
        <ol className="space-y-1" data-testid="funnel">
          {steps.map((s, k) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a funnel step is its place in the funnel
              key={k}
              className="grid grid-cols-[10rem_1fr_14rem] items-center gap-2 text-sm"
              data-testid="funnel-step"
            >
              <span className="truncate text-slate-700">
                {k + 1}. {s.filter_name}
              </span>
              <span className="h-4 rounded bg-slate-100">
                <span
                  className="block h-4 rounded bg-indigo-500"
                  style={{ width: `${total ? ((s.count_now ?? 0) / total) * 100 : 0}%` }}
                />
              </span>
              <span className="tabular-nums text-slate-700">
                {(s.count_before ?? 0).toLocaleString("en")} →{" "}
                <strong>{(s.count_now ?? 0).toLocaleString("en")}</strong> ({s.filtered_percentage}%)
              </span>
            </li>
          ))}
        </ol>
        <p className="text-sm text-slate-900" data-testid="audience-size">
          Audience size: <strong>{(estimate.data?.audience_size ?? 0).toLocaleString("en")}</strong>
        </p>
      </section>
      {save.error && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="flex gap-2">
        <Button onClick={() => save.mutate("created")} disabled={!name.trim() || save.isPending}>
          Create audience
        </Button>
        <Button variant="secondary" onClick={() => save.mutate("draft")} disabled={!name.trim() || save.isPending}>
          Save as draft
        </Button>
      </div>
    </Card>
  );
}
