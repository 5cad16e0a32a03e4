"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import type { ListParams } from "./keys";

export const PAGE_SIZE = 10;

/**
 * A list's search, type filter and page, kept in the address (?q=&type=&offset=) so the back
 * button and a shared link return to the same page of the same list.
 */
export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const params: ListParams = {
    offset: Math.max(0, Number(searchParams.get("offset")) || 0),
    limit: PAGE_SIZE,
    search: searchParams.get("q") ?? "",
    type: searchParams.get("type") ?? "",
  };
  const update = useCallback(
    (change: Partial<ListParams>) => {
      const next = new URLSearchParams(searchParams.toString());
      const set = (key: string, value: string | number | undefined) => {
        if (value === undefined || value === "" || value === 0) next.delete(key);
        else next.set(key, String(value));
      };
      if ("search" in change) set("q", change.search);
      if ("type" in change) set("type", change.type);
      // A new search or filter starts again at the first page.
      set("offset", "search" in change || "type" in change ? 0 : change.offset);
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname, searchParams],
  );
  return [params, update];
}
