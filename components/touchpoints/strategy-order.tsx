"use client";
import { type DragEvent, useState } from "react";
import type { TStrategy } from "@/lib/touchpoints/schemas";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { formatCount } from "../ui/format";
import { Select } from "../ui/select";

/**
 * A touchpoint's additional strategies in priority order: the first whose segments hold the
 * visitor serves them. Reordered by dragging (native HTML5 drag and drop) or with the up/down
 * buttons (keyboard and touch).
 */
export function StrategyOrder({
  value,
  onChange,
  options,
  exclude,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  options: TStrategy[];
  exclude: string;
  error?: string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [adding, setAdding] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const byId = new Map(options.map((s) => [s.strategy_id, s]));
  const addable = options.filter((s) => s.strategy_id !== exclude && !value.includes(s.strategy_id));

  const nameOf = (id: string) => byId.get(id)?.strategy_name ?? id;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
    setAnnouncement(`${nameOf(moved!)} moved to priority ${to + 1} of ${next.length}.`);
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragging ?? Number(event.dataTransfer.getData("text/plain"));
    setDragging(null);
    setOver(null);
    if (Number.isInteger(from)) move(from, to);
  };

  return (
    <div>
      <p className="text-sm font-medium text-slate-700">Additional strategies</p>
      <p className="text-xs text-slate-500">
        By priority: a visitor gets the first one whose segments hold them, else the default strategy. Drag to reorder.
      </p>
      {value.length > 0 && (
        <ol className="mt-2 space-y-1.5" data-testid="additional-strategies">
          {value.map((id, index) => {
            const s = byId.get(id);
            return (
              <li
                key={id}
                draggable
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(index));
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                  setOver(index);
                }}
                onDragLeave={() => setOver((o) => (o === index ? null : o))}
                onDrop={(event) => onDrop(event, index)}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                className={cn(
                  "flex items-center gap-2 rounded-md bg-white px-2 py-1.5 text-sm ring-1 ring-slate-200",
                  dragging === index && "opacity-50",
                  over === index && dragging !== index && "ring-2 ring-indigo-500",
                )}
              >
                <span className="cursor-grab px-1 text-slate-400 select-none" aria-hidden="true">
                  ⠿
                </span>
                <span className="w-5 text-right text-xs text-slate-500 tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{nameOf(id)}</span>
                  {s && (
                    <span className="block truncate text-xs text-slate-500">
                      {s.segments.join(", ")} · {formatCount(s.segment_count)} customers
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move ${nameOf(id)} up`}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move ${nameOf(id)} down`}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onChange(value.filter((v) => v !== id))}
                  aria-label={`Remove ${nameOf(id)}`}
                >
                  ✕
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-2 flex gap-2">
        <label htmlFor="add-strategy" className="sr-only">
          Strategy to add
        </label>
        <Select
          id="add-strategy"
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
          className="min-w-0 flex-1 py-1.5 sm:max-w-sm"
          disabled={addable.length === 0}
        >
          <option value="">{addable.length === 0 ? "No other strategy of this type" : "Choose a strategy…"}</option>
          {addable.map((s) => (
            <option key={s.strategy_id} value={s.strategy_id}>
              {s.strategy_name} ({s.segments.join(", ")})
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          variant="secondary"
          disabled={!adding}
          onClick={() => {
            onChange([...value, adding]);
            setAdding("");
          }}
        >
          Add
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
