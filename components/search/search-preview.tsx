"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Card, CardTitle } from "../ui/card";
import { FormField } from "../ui/form-field";
import { formatCount } from "../ui/format";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Table, TBody, Td, Th } from "../ui/table";
import { HighlightedName } from "./highlighted-name";
import { useSearchResults, useSearchTouchpoints } from "./queries";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * Try a smart-search touchpoint as a shopper would: results as you type (250 ms after the last
 * key), through the same content route the shop calls, with each item's match_score, rank_score
 * and the words that matched.
 */
export function SearchPreview({
  touchpointId,
  onTouchpoint,
}: {
  touchpointId: string | undefined;
  onTouchpoint: (id: string) => void;
}) {
  const touchpoints = useSearchTouchpoints();
  const [term, setTerm] = useState("");
  const debounced = useDebouncedValue(term, 250);
  const results = useSearchResults(touchpointId, debounced);
  const list = touchpoints.data ?? [];

  // The first touchpoint is picked until the user picks another.
  useEffect(() => {
    if (!touchpointId && list[0]) onTouchpoint(list[0].touchpoint_id);
  }, [touchpointId, list, onTouchpoint]);

  const typing = term.trim() !== debounced.trim() || results.isFetching;
  const data = debounced.trim() ? results.data : undefined;
  const explained = data?.content.some((i) => i.matched_words !== undefined) ?? false;

  return (
    <Card aria-labelledby="preview-title" className="space-y-4">
      <div>
        <CardTitle id="preview-title">Search preview</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Results come from the touchpoint&apos;s content route, as your shop receives them. match_score (0-100) says
          how well an item matches the words; rank_score orders the results, adding popularity and availability.
        </p>
      </div>
      {touchpoints.isPending && <p className="text-sm text-slate-500">Loading smart-search touchpoints…</p>}
      {touchpoints.error && (
        <Alert tone="error">Touchpoints could not be loaded: {errorMessage(touchpoints.error)}</Alert>
      )}
      {touchpoints.data && list.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No smart-search touchpoint yet.{" "}
          <Link href="/touchpoints/new" className="font-medium text-indigo-700 underline underline-offset-2">
            Create one
          </Link>{" "}
          with a smart-search strategy to try the search here.
        </p>
      )}
      {list.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <FormField id="search-touchpoint" label="Touchpoint">
            <Select
              id="search-touchpoint"
              data-testid="search-touchpoint"
              value={touchpointId ?? ""}
              onChange={(e) => onTouchpoint(e.target.value)}
            >
              {list.map((t) => (
                <option key={t.touchpoint_id} value={t.touchpoint_id}>
                  {t.touchpoint_name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="search-term" label="Search">
            <Input
              id="search-term"
              type="search"
              data-testid="search-input"
              placeholder="Type as a shopper would, e.g. oak tabl"
              autoComplete="off"
              maxLength={200}
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
          </FormField>
        </div>
      )}
      {results.error && debounced.trim() && <Alert tone="error">{errorMessage(results.error)}</Alert>}
      {data && (
        <div className="space-y-2" aria-busy={typing}>
          <p className="text-sm text-slate-600" data-testid="search-count" aria-live="polite">
            {data.count === 0
              ? `No items match “${debounced.trim()}”.`
              : `${formatCount(data.count)} ${data.count === 1 ? "item" : "items"} for “${debounced.trim()}”${typing ? " (updating…)" : ""}`}
          </p>
          {data.content.length > 0 && (
            <Table data-testid="search-results">
              <thead>
                <tr>
                  <Th className="w-10">#</Th>
                  <Th>Item</Th>
                  <Th className="text-right">match_score</Th>
                  <Th className="text-right">rank_score</Th>
                </tr>
              </thead>
              <TBody>
                {data.content.map((item, i) => (
                  <tr key={item.item_id} data-testid={`search-result-${item.item_id}`}>
                    <Td className="tabular-nums text-slate-500">{data.offset + i + 1}</Td>
                    <Td className="whitespace-normal">
                      <span className="font-medium text-slate-900" data-testid="search-result-name">
                        {item.item_name !== undefined ? (
                          <HighlightedName name={item.item_name} matched={item.matched_words} term={debounced} />
                        ) : (
                          item.item_id
                        )}
                      </span>
                      <span className="block text-xs text-slate-500">
                        <code className="font-mono">{item.item_id}</code>
                        {item.matched_words && item.matched_words.length > 0 && (
                          <> · matched: {item.matched_words.join(", ")}</>
                        )}
                      </span>
                    </Td>
                    <Td className="text-right tabular-nums" data-testid="search-result-match">
                      {item.match_score.toFixed(1)}
                    </Td>
                    <Td className="text-right tabular-nums">{item.rank_score.toFixed(2)}</Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
          {data.content.length > 0 && !explained && (
            <p className="text-xs text-slate-500">
              Marked words start like a word of the search. Add <code className="font-mono">matched_words</code> to the
              strategy&apos;s filter_columns to see exactly what matched (typos, synonyms, compounds).
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
