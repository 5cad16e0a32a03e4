import type { TTouchpoint } from "@/lib/touchpoints/schemas";
import { Badge } from "../ui/badge";

/** A touchpoint's five flags as badges; "calculating" spins while the calculation runs. */
export function StatusBadges({ touchpoint: t, compact = false }: { touchpoint: TTouchpoint; compact?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="status-badges">
      {t.is_active ? <Badge tone="green">active</Badge> : !compact && <Badge>inactive</Badge>}
      {t.is_draft && <Badge tone="amber">draft</Badge>}
      {t.is_calculating ? (
        <Badge tone="blue" className="gap-1">
          <Spinner /> calculating
        </Badge>
      ) : t.calculation_error ? (
        <Badge tone="red" title={t.calculation_error}>
          calculation failed
        </Badge>
      ) : t.is_ready ? (
        <Badge tone="indigo">ready</Badge>
      ) : (
        <Badge>not ready</Badge>
      )}
      {t.is_using_fallback && (
        <Badge tone="amber" title="Some slots are filled by the fallback (best-sellers, then random items)">
          using fallback
        </Badge>
      )}
    </span>
  );
}

export function Spinner({ className = "size-3" }: { className?: string }) {
  return (
    <svg className={`${className} animate-spin`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
