"use client";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { formatCount } from "../ui/format";
import { useSegments } from "./queries";

/** Checkboxes of the shop's segments with their sizes, "All customers" first. */
export function SegmentPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (segments: string[]) => void;
  error?: string;
}) {
  const segments = useSegments();
  const chosen = new Set(value);
  const total = (segments.data ?? [])
    .filter((s) => chosen.has(s.segment_id))
    .reduce((n, s) => (chosen.has("all_customers") && s.segment_id !== "all_customers" ? n : n + s.customer_count), 0);

  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((s) => s !== id));

  return (
    <fieldset aria-describedby={error ? "segments-error" : undefined}>
      <legend className="text-base font-semibold text-slate-900">Segments</legend>
      <p className="mt-1 text-sm text-slate-600">
        Who the strategy is for. As a touchpoint&apos;s additional strategy it serves only these customers.
      </p>
      {segments.isPending && <p className="mt-2 text-sm text-slate-500">Loading segments…</p>}
      {segments.error && (
        <Alert tone="error" className="mt-2">
          Segments could not be loaded: {errorMessage(segments.error)}
        </Alert>
      )}
      {segments.data && (
        <ul className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
          {segments.data.map((s) => (
            <li key={s.segment_id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ring-1 ring-slate-200 ring-inset has-[:checked]:bg-indigo-50 has-[:checked]:ring-indigo-300">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-600"
                  checked={chosen.has(s.segment_id)}
                  onChange={(event) => toggle(s.segment_id, event.target.checked)}
                />
                <span className="min-w-0 flex-1 truncate">{s.segment_name}</span>
                <span className="text-xs text-slate-500 tabular-nums">{formatCount(s.customer_count)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {/* Segments named by an existing strategy but gone from the data stay visible, so saving keeps them knowingly. */}
      {segments.data &&
        value
          .filter((id) => !segments.data.some((s) => s.segment_id === id))
          .map((id) => (
            <p key={id} className="mt-1 text-xs text-amber-800">
              {id}: no customers have this segment now.{" "}
              <button type="button" className="underline" onClick={() => toggle(id, false)}>
                Remove it
              </button>
            </p>
          ))}
      <p className="mt-2 text-xs text-slate-600" data-testid="segment-total">
        {value.length === 0 ? "No segment chosen." : `${formatCount(total)} customers in the chosen segments.`}
      </p>
      {error && (
        <p id="segments-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
