import type { TDataOverview } from "@/lib/data/get-data-overview";
import { formatCount } from "../ui/format";

const CARDS = [
  { key: "items", label: "Items" },
  { key: "customers", label: "Customers" },
  { key: "events", label: "Events" },
  { key: "segments", label: "Segments" },
  { key: "discounts", label: "Discounts" },
] as const;

export function CountCards({ overview }: { overview: TDataOverview }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label }) => (
        <div key={key} data-testid={`count-${key}`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-500">{label}</dt>
          <dd
            className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
            data-value={overview[key]}
          >
            {formatCount(overview[key])}
          </dd>
          {key === "items" && (
            <dd className="mt-0.5 text-xs text-slate-500">{formatCount(overview.active_items)} active</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
