"use client";
/**
 * A searchable multi-select: the chosen values as chips, a text box that narrows the choices
 * (a combobox with a listbox, arrow keys and Enter), and, when allowed, a typed value that is
 * not among them. Backspace in the empty box removes the last chip.
 */
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { cn } from "../ui/cn";

export interface Choice {
  value: string;
  label: string;
  /** Shown at the right of the choice (a count). */
  detail?: string;
}

/** How many matching choices the list shows at once (typing narrows the rest). */
const SHOWN = 50;

export function MultiSelect({
  label,
  choices,
  selected,
  onChange,
  allowCustom = true,
  placeholder,
  loading,
  className,
}: {
  /** The accessible name of the text box ("Values of filter 1.1"). */
  label: string;
  choices: Choice[];
  selected: string[];
  onChange: (values: string[]) => void;
  allowCustom?: boolean;
  placeholder?: string;
  loading?: boolean;
  className?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = query.trim();
  const matches = useMemo(() => {
    const q = typed.toLowerCase();
    return q ? choices.filter((c) => c.label.toLowerCase().includes(q) || c.value.toLowerCase().includes(q)) : choices;
  }, [choices, typed]);
  const exact = choices.some(
    (c) => c.value.toLowerCase() === typed.toLowerCase() || c.label.toLowerCase() === typed.toLowerCase(),
  );
  const custom = allowCustom && typed !== "" && !exact && !selected.includes(typed);
  const shown = matches.slice(0, SHOWN);
  // The data's matches first (Enter takes the first), the typed value last.
  const items: Choice[] = [...shown, ...(custom ? [{ value: typed, label: `Add “${typed}”` }] : [])];
  const labelOf = (value: string) => choices.find((c) => c.value === value)?.label ?? value;
  const optionId = (k: number) => `${id}-option-${k}`;

  // The list closes after a choice (it would cover what follows); typing or the arrow keys open it again.
  const toggle = (value: string) => {
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
    setQuery("");
    setActive(0);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (items.length === 0 ? 0 : (a + step + items.length) % items.length));
    } else if (e.key === "Enter") {
      e.preventDefault();
      const item = open ? items[active] : undefined;
      if (item) toggle(item.value);
      else if (allowCustom && typed) toggle(typed);
    } else if (e.key === "Escape") {
      setOpen(false);
    } else if (e.key === "Backspace" && query === "" && selected.length > 0) {
      onChange(selected.slice(0, -1));
    }
  };

  return (
    <div className={cn("relative", className)}>
      <div className="flex min-h-9 flex-wrap items-center gap-1 rounded-md bg-white px-2 py-1 shadow-sm ring-1 ring-slate-300 ring-inset focus-within:ring-2 focus-within:ring-indigo-600">
        {selected.map((value) => (
          <span
            key={value}
            className="inline-flex max-w-full items-center gap-1 rounded bg-indigo-50 py-0.5 pr-0.5 pl-2 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/20 ring-inset"
          >
            <span className="truncate">{labelOf(value)}</span>
            <button
              type="button"
              aria-label={`Remove ${labelOf(value)}`}
              // 24 px square at least (WCAG 2.5.8), and 4.5:1 on the chip (1.4.3).
              className="-my-0.5 inline-flex size-6 items-center justify-center rounded text-indigo-700 hover:bg-indigo-100 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              onClick={() => onChange(selected.filter((v) => v !== value))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && items[active] ? optionId(active) : undefined}
          className="min-w-16 flex-1 border-0 bg-transparent px-1 py-1 text-sm text-slate-900 outline-none placeholder:text-slate-400"
          placeholder={selected.length === 0 ? (loading ? "Loading values…" : placeholder) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (items.length > 0 || loading || typed !== "") && (
        <div className="absolute z-20 mt-1 w-full min-w-56 overflow-hidden rounded-md bg-white text-sm shadow-lg ring-1 ring-slate-200">
          <div
            id={`${id}-list`}
            role="listbox"
            // Not a Tab stop: Chromium makes a scrolling box one, and Tab from the text box would land
            // in the list just as the text box's blur closes it, leaving the focus nowhere.
            tabIndex={-1}
            aria-label={label}
            aria-multiselectable="true"
            className="max-h-64 overflow-auto py-1"
          >
            {items.map((item, k) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text box handles the keys (aria-activedescendant)
              <div
                key={`${custom && k === items.length - 1 ? "custom:" : ""}${item.value}`}
                id={optionId(k)}
                role="option"
                tabIndex={-1}
                aria-selected={selected.includes(item.value)}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5",
                  k === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800",
                )}
                // Keep the focus in the text box, so the list stays open for the next choice.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(k)}
                onClick={() => toggle(item.value)}
              >
                <span className="flex min-w-0 items-center gap-2">
                  <span aria-hidden="true" className="w-3 text-indigo-600">
                    {selected.includes(item.value) ? "✓" : ""}
                  </span>
                  <span className="truncate">{item.label}</span>
                </span>
                {item.detail && <span className="shrink-0 text-xs text-slate-500 tabular-nums">{item.detail}</span>}
              </div>
            ))}
          </div>
          {items.length === 0 && (
            <p className="px-3 py-1.5 text-slate-500">{loading ? "Loading values…" : "No value matches."}</p>
          )}
          {matches.length > shown.length && (
            <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-500">
              {matches.length - shown.length} more: type to narrow
            </p>
          )}
        </div>
      )}
    </div>
  );
}
