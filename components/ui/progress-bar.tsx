export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const known = max > 0;
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? Math.min(value, max) : undefined}
      aria-valuetext={known ? `${percent}%` : "starting"}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      {known ? (
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      ) : (
        // The total is not known yet (files still being read): a pulsing bar says "working" without a fake number.
        <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-400" />
      )}
    </div>
  );
}
