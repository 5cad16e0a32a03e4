/** An item as the content routes return it (spec 2.5), with the tracking parameters on its link. */

import { ITEM_FIELDS } from "@/lib/data/item-fields";
import type { Item } from "@/lib/db/generated/client";
import { env } from "@/lib/env";

export function trackedUrl(url: string, touchpointId: string, touchpointType: string): string {
  if (!url) return "";
  const settings = env();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.searchParams.set("UTM_SYSTEM", settings.UTM_SYSTEM);
  parsed.searchParams.set("UTM_SERVICE", settings.UTM_SERVICE);
  parsed.searchParams.set("UTM_TPID", touchpointId);
  parsed.searchParams.set("UTM_TPST", touchpointType);
  return parsed.toString();
}

const CONTENT_FIELDS = ITEM_FIELDS.filter((f) => f.content);

/** An item as the carousel, preview and wheel answer it: the item fields answered in content. */
export interface TItemView {
  item_id: string;
  item_name: string;
  [field: string]: unknown;
}

export function itemView(item: Item, touchpoint: { touchpoint_id: string; touchpoint_type: string }): TItemView {
  const context = { ...touchpoint, trackedUrl };
  const view: Record<string, unknown> = {};
  for (const field of CONTENT_FIELDS) view[field.name] = field.read(item, context);
  return view as TItemView;
}
