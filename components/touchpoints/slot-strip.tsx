"use client";
import { cn } from "../ui/cn";
import { ruleColor } from "./rule-colors";
import { range } from "./strategy-defaults";

/**
 * The touchpoint's slots as a row of numbered boxes, coloured by the rule that fills each one.
 * Clicking a slot gives it to the selected rule (or empties it when that rule already has it).
 */
export function SlotStrip({
  slots,
  rules,
  selected,
  onSlot,
}: {
  slots: number;
  rules: { rule_type: string; positions: number[] }[];
  selected: number | null;
  onSlot: (slot: number) => void;
}) {
  const ruleOf = new Map<number, number>();
  rules.forEach((rule, r) => {
    for (const p of rule.positions) ruleOf.set(p, r);
  });
  return (
    <div>
      <ol className="flex flex-wrap gap-1.5 sm:gap-2" aria-label="Slots" data-testid="slot-strip">
        {range(slots).map((slot) => {
          const r = ruleOf.get(slot);
          const rule = r === undefined ? undefined : rules[r];
          const short = r === undefined ? "fallback" : `#${r} ${shortName(rule?.rule_type ?? "")}`;
          // Named by what it shows ("0 #0 similar"; WCAG 2.5.3, voice control), then what that means.
          const meaning =
            r === undefined ? "empty: the fallback fills it" : `filled by rule #${r} ${rule?.rule_type ?? ""}`;
          return (
            <li key={slot}>
              <button
                type="button"
                data-testid={`slot-${slot}`}
                data-rule={r ?? ""}
                title={`Slot ${slot}, ${meaning}`}
                disabled={selected === null}
                onClick={() => onSlot(slot)}
                className={cn(
                  "flex h-14 w-12 flex-col items-center justify-center rounded-md text-center ring-1 transition-shadow sm:h-20 sm:w-20",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                  "enabled:hover:shadow-md disabled:cursor-not-allowed",
                  r === undefined
                    ? "border-2 border-dashed border-slate-300 bg-white text-slate-500 ring-transparent"
                    : ruleColor(r).slot,
                  selected !== null && r === selected && "shadow-md",
                )}
              >
                <span className="text-lg leading-none font-semibold tabular-nums">{slot}</span>
                <span className="mt-1 w-full truncate px-1 text-[10px] leading-tight">{short}</span>
                <span className="sr-only">
                  (slot {slot}, {meaning})
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        {selected === null
          ? "Select a rule below, then click slots to give them to it."
          : `Click a slot to give it to rule #${selected}; click one of its slots again to empty it. Empty slots take the fallback (best sellers, then random items).`}
      </p>
    </div>
  );
}

function shortName(ruleType: string): string {
  return ruleType.replace(/-products?$/, "").replace(/-/g, " ");
}
