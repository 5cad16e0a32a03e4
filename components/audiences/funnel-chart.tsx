/**
 * An audience's funnel drawn as a funnel: all customers on top, then one centred bar per filter,
 * as wide as the customers left after it, joined by bands that show the narrowing; beside each
 * bar the filter, "count_before → count_now (kept %)" and the share of all customers left.
 */
import { type FunnelCount, funnelBars, narrowing } from "./funnel-data";

export function FunnelChart({
  total,
  steps,
  labels,
}: {
  total: number;
  steps: readonly FunnelCount[];
  labels: readonly string[];
}) {
  const bars = funnelBars(total, steps, labels);
  const widths = [100, ...bars.map((b) => b.width)];
  const row =
    "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 text-sm lg:grid-cols-[16rem_minmax(0,1fr)_16rem]";
  return (
    <figure className="space-y-0" aria-label="Funnel: customers left after each filter">
      <div className={row}>
        <span className="truncate font-medium text-slate-700">All customers</span>
        <span className="order-last col-span-2 flex h-5 justify-center lg:order-none lg:col-span-1" aria-hidden="true">
          <span className="block h-5 w-full rounded bg-slate-300" />
        </span>
        <span className="tabular-nums text-slate-700">
          <strong>{total.toLocaleString("en")}</strong> (100%)
        </span>
      </div>
      <ol data-testid="funnel">
        {bars.map((b, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a funnel step is its place in the funnel
          <li key={k} data-testid="funnel-step">
            <div className={row} aria-hidden="true">
              <span />
              <span
                className="order-last col-span-2 block h-2 bg-indigo-100 lg:order-none lg:col-span-1"
                style={{ clipPath: narrowing(widths[k] ?? 0, b.width) }}
              />
              <span />
            </div>
            <div className={row}>
              <span className="truncate text-slate-700" title={b.label}>
                {k + 1}. {b.label}
              </span>
              <span className="order-last col-span-2 flex h-5 justify-center lg:order-none lg:col-span-1">
                <span
                  className="block h-5 rounded bg-indigo-500 transition-[width] duration-300"
                  style={{ width: `${b.width}%`, minWidth: b.now ? "2px" : undefined }}
                  data-testid="funnel-bar"
                  role="img"
                  aria-label={`${b.now} of ${total} customers (${b.ofAll}%)`}
                />
              </span>
              <span className="tabular-nums text-slate-700">
                <span data-testid="funnel-counts">
                  {b.before.toLocaleString("en")} → <strong>{b.now.toLocaleString("en")}</strong> ({b.ofPrevious}%)
                </span>{" "}
                <span className="text-xs text-slate-500" data-testid="funnel-share">
                  · {b.ofAll}% of all
                </span>
              </span>
            </div>
          </li>
        ))}
      </ol>
    </figure>
  );
}
