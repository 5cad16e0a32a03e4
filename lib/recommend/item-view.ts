/** An item as the content routes return it (spec 2.5), with the tracking parameters on its link. */

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

export function itemView(item: Item, touchpoint: { touchpoint_id: string; touchpoint_type: string }) {
  return {
    item_id: item.item_id,
    item_name: item.item_name,
    alternative_id: item.alternative_id,
    alternative_name: item.alternative_name,
    simple_name: item.simple_name,
    is_active: item.is_active,
    product_url: trackedUrl(item.product_url, touchpoint.touchpoint_id, touchpoint.touchpoint_type),
    product_price: item.product_price,
    original_price: item.original_price,
    currency: item.currency,
    main_image: item.main_image,
    images: item.images as string[],
    attributes: item.attributes as { attribute_name: string; attribute_value: string }[],
    categories: item.categories as { category_level: string; category_name: string; category_type: string }[],
    descriptions: item.descriptions as { description_language: string; description_value: string | null }[],
  };
}
export type TItemView = ReturnType<typeof itemView>;
