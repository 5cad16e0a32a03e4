"use client";
/**
 * The audience builder: groups of filters with their connectors, each filter with a picker that
 * knows its values (filter-value-picker.tsx), a live funnel (the estimate route, debounced) drawn
 * as a funnel (./funnel-chart.tsx: bars narrowing filter by filter with count_before, count_now and
 * the percentages per step), and save as draft or create.
 * Filters still missing a value are left out of the funnel until they have one.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Fragment, useEffect, useState } from "react";
import { apiFetch, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import {
  type Connector,
  choiceOf,
  compileRows,
  FILTER_CHOICES,
  type FilterRow,
  type GroupRow,
  type NumericFilterName,
  newFilter,
  newKey,
} from "./filter-rows";
import { type FilterOptions, FilterValuePicker, useFilterOptions } from "./filter-value-picker";
import { FunnelChart } from "./funnel-chart";

const PRODUCT_GROUP = "product-focused-filters";

interface Counted {
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

/** A new filter of the kind, with a numeric filter's range filled in from the data. */
function filterOf(choiceId: string, options: FilterOptions | undefined): FilterRow {
  const choice = choiceOf(choiceId);
  return newFilter(choiceId, choice.kind === "number" ? options?.ranges[choice.name as NumericFilterName] : undefined);
}

function ConnectorSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Connector;
  onChange: (c: Connector) => void;
}) {
  return (
    <div className="w-24">
      <Select
        aria-label={label}
        className="text-xs font-semibold"
        value={value}
        onChange={(e) => onChange(e.target.value as Connector)}
      >
        <option value="AND">AND</option>
        <option value="OR">OR</option>
      </Select>
    </div>
  );
}

export function AudienceBuilder() {
  const router = useRouter();
  const client = useQueryClient();
  const options = useFilterOptions();
  const [name, setName] = useState("");
  const [dynamic, setDynamic] = useState(false);
  const [groups, setGroups] = useState<GroupRow[]>(() => [
    { key: newKey(), filter_group: "demographics", connector: "AND", filters: [newFilter("segment|customer")] },
  ]);
  const segmentName = (id: string) =>
    options.data?.segments.options.find((s) => s.segment_id === id)?.segment_name ?? id;
  const compiled = compileRows(groups, segmentName);
  const asked = useDebounced(JSON.stringify({ filters: compiled.groups, labels: compiled.counted }), 400);
  const estimate = useQuery({
    queryKey: ["audiences", "estimate", asked],
    queryFn: async () => {
      const { filters, labels } = JSON.parse(asked) as { filters: unknown[]; labels: string[] };
      const answer = await apiFetch<Estimate>("/customer-studio/audiences/estimate", {
        method: "POST",
        body: { filters },
      });
      return { ...answer, labels };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (status: "draft" | "created") =>
      apiFetch<{ audience_id: string }>("/customer-studio/audiences", {
        method: "POST",
        body: { audience_name: name, status, is_dynamic: dynamic, filters: compiled.groups },
      }),
    onSuccess: async (a) => {
      await client.invalidateQueries({ queryKey: ["audiences"] });
      router.push(`/audiences/${a.audience_id}`);
    },
  });
  const setGroup = (g: number, change: (group: GroupRow) => GroupRow | undefined) =>
    setGroups((all) => all.flatMap((group, gi) => (gi !== g ? [group] : (change(group) ?? []))));
  const update = (g: number, f: number, change: Partial<FilterRow>) =>
    setGroup(g, (group) => ({
      ...group,
      filters: group.filters.map((x, fi) => (fi === f ? { ...x, ...change } : x)),
    }));
  const removeFilter = (g: number, f: number) =>
    setGroup(g, (group) => {
      const filters = group.filters.filter((_, fi) => fi !== f);
      // A group left empty goes, unless it is the only one.
      return filters.length === 0 && groups.length > 1 ? undefined : { ...group, filters };
    });
  const steps = estimate.data?.filters.flatMap((g) => g.values) ?? [];
  const labels = estimate.data?.labels ?? [];
  const total = estimate.data?.total_customers ?? 0;
  const canSave = name.trim() !== "" && compiled.missing.length === 0 && !save.isPending;

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
      {options.error && (
        <Alert tone="warning">
          The data's values could not be read ({errorMessage(options.error)}); values can still be typed.
        </Alert>
      )}
      <ol className="space-y-2">
        {groups.map((group, g) => (
          <Fragment key={group.key}>
            <li className="rounded-lg bg-slate-50/60 p-3 ring-1 ring-slate-200" data-testid={`group-${g}`}>
              <div className="mb-2 flex items-center justify-between gap-2 text-sm font-medium text-slate-700">
                <span>
                  Group {g + 1}
                  <span className="ml-2 font-normal text-slate-500">
                    {group.filter_group === PRODUCT_GROUP ? "what they bought" : "who they are"}
                  </span>
                </span>
                {groups.length > 1 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove group ${g + 1}`}
                    onClick={() => setGroup(g, () => undefined)}
                  >
                    Remove group
                  </Button>
                )}
              </div>
              <ul className="space-y-2">
                {group.filters.map((f, i) => {
                  const place = `${g + 1}.${i + 1}`;
                  return (
                    <Fragment key={f.key}>
                      <li
                        className="flex flex-wrap items-center gap-2 rounded-md bg-white p-2 ring-1 ring-slate-200"
                        data-testid={`filter-${place}`}
                      >
                        <span className="w-8 text-xs font-semibold text-slate-500 tabular-nums">{place}</span>
                        <div className="w-56 shrink-0">
                          <Select
                            aria-label={`Filter ${place}`}
                            value={f.choice}
                            onChange={(e) =>
                              update(g, i, {
                                ...filterOf(e.target.value, options.data),
                                key: f.key,
                                connector: f.connector,
                              })
                            }
                          >
                            {FILTER_CHOICES.map((c) => (
                              <option key={c.id} value={c.id}>
                                {c.label}
                              </option>
                            ))}
                          </Select>
                        </div>
                        <FilterValuePicker
                          row={f}
                          place={place}
                          options={options.data}
                          loading={options.isPending}
                          onChange={(change) => update(g, i, change)}
                        />
                        <Button
                          size="sm"
                          variant="ghost"
                          className="ml-auto"
                          aria-label={`Remove filter ${place}`}
                          onClick={() => removeFilter(g, i)}
                        >
                          Remove
                        </Button>
                      </li>
                      {i < group.filters.length - 1 && (
                        <li className="pl-10">
                          <ConnectorSelect
                            label={`Connector after filter ${place}`}
                            value={f.connector}
                            onChange={(connector) => update(g, i, { connector })}
                          />
                        </li>
                      )}
                    </Fragment>
                  );
                })}
              </ul>
              <div className="mt-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setGroup(g, (x) => ({
                      ...x,
                      filters: [
                        ...x.filters,
                        filterOf(
                          x.filter_group === PRODUCT_GROUP ? "purchased|category" : "country|customer",
                          options.data,
                        ),
                      ],
                    }))
                  }
                >
                  Add filter
                </Button>
              </div>
            </li>
            {g < groups.length - 1 && (
              <li className="flex justify-center">
                <ConnectorSelect
                  label={`Connector after group ${g + 1}`}
                  value={group.connector}
                  onChange={(connector) => setGroup(g, (x) => ({ ...x, connector }))}
                />
              </li>
            )}
          </Fragment>
        ))}
      </ol>
      <Button
        size="sm"
        variant="ghost"
        onClick={() =>
          setGroups((all) => [
            ...all,
            {
              key: newKey(),
              filter_group: PRODUCT_GROUP,
              connector: "AND",
              filters: [filterOf("purchased|category", options.data)],
            },
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
        <FunnelChart total={total} steps={steps} labels={labels} />
        {compiled.missing.length > 0 && (
          <ul className="text-xs text-slate-500" data-testid="not-counted">
            {compiled.missing.map((m) => (
              <li key={m}>{m} It is counted once it has one.</li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-900" data-testid="audience-size">
          Audience size: <strong>{(estimate.data?.audience_size ?? 0).toLocaleString("en")}</strong>
        </p>
      </section>
      {save.error && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="flex gap-2">
        <Button onClick={() => save.mutate("created")} disabled={!canSave}>
          Create audience
        </Button>
        <Button variant="secondary" onClick={() => save.mutate("draft")} disabled={!canSave}>
          Save as draft
        </Button>
      </div>
    </Card>
  );
}
