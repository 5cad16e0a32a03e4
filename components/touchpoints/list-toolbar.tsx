"use client";
import { type ReactNode, useEffect, useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import type { ListParams } from "./keys";

/** Search box (applied after a short pause in typing) and an optional type filter. */
export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  types,
  type,
  onType,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  types?: readonly string[];
  type?: string;
  onType?: (value: string) => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="sm:w-72">
        <label htmlFor="list-search" className="sr-only">
          {searchLabel}
        </label>
        <Input
          id="list-search"
          type="search"
          placeholder={searchLabel}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {types && onType && (
        <div className="sm:w-56">
          <label htmlFor="list-type" className="sr-only">
            Type
          </label>
          <Select id="list-type" value={type ?? ""} onChange={(event) => onType(event.target.value)}>
            <option value="">All types</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="flex gap-2 sm:ml-auto">{children}</div>
    </div>
  );
}

/** The pager of a list whose page is kept in the address (./list-params.ts); nothing until loaded. */
export function ListPager({
  params,
  update,
  count,
}: {
  params: ListParams;
  update: (change: Partial<ListParams>) => void;
  count: number | undefined;
}) {
  if (count === undefined) return null;
  return <Pager offset={params.offset} limit={params.limit} count={count} onOffset={(offset) => update({ offset })} />;
}

/** "1-10 of 34" with previous and next buttons. */
function Pager({
  offset,
  limit,
  count,
  onOffset,
}: {
  offset: number;
  limit: number;
  count: number;
  onOffset: (offset: number) => void;
}) {
  if (count <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, count);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm text-slate-600">
      <p className="tabular-nums">
        {count === 0 ? "0" : `${offset + 1}–${last}`} of {count}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={last >= count} onClick={() => onOffset(offset + limit)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** Loading, error and empty states shared by the lists. */
export function ListState({
  isPending,
  error,
  isEmpty,
  filtered,
  what,
  empty,
}: {
  isPending: boolean;
  error: string | null;
  isEmpty: boolean;
  filtered: boolean;
  what: string;
  empty: ReactNode;
}) {
  if (isPending) {
    return (
      <p role="status" className="py-6 text-sm text-slate-500">
        Loading {what}…
      </p>
    );
  }
  if (error) {
    return (
      <Alert tone="error">
        The {what} could not be loaded: {error}
      </Alert>
    );
  }
  if (!isEmpty) return null;
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      {filtered ? `No ${what} match this search.` : empty}
    </div>
  );
}
