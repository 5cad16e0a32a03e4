/**
 * Pictures of demo items, which come without any (the Online Retail catalog has descriptions
 * only): an SVG drawn from the item's category and colour, the same every time for the same item,
 * labelled "synthetic picture" so nobody takes it for the product. Served at
 * /img/items/<item_id>.svg for synthetic items only (a shop's own catalog is not drawn), and
 * answered as main_image of synthetic items that have none (./item-fields.ts): a real image URL
 * always comes first.
 */
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/text/escape-html";

interface PictureItem {
  item_id: string;
  item_name: string;
  categories: unknown;
  attributes: unknown;
}

/** Named colours of the demo catalog's colour attribute (lib/data/demo/derive-item-facts.ts). */
const COLOURS: Record<string, string> = {
  white: "#f8fafc",
  red: "#dc2626",
  pink: "#ec4899",
  blue: "#2563eb",
  green: "#16a34a",
  black: "#1f2937",
  ivory: "#fffbeb",
  cream: "#fef3c7",
  silver: "#cbd5e1",
  gold: "#ca8a04",
  purple: "#9333ea",
  yellow: "#facc15",
  orange: "#f97316",
  brown: "#92400e",
  grey: "#6b7280",
  gray: "#6b7280",
};

/** FNV-1a: a small stable hash (the same picture in every process and release). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === "object") : [];
}

/** The deepest category's name ("" without one). */
function categoryOf(item: PictureItem): string {
  const named = listOf(item.categories)
    .filter((c) => typeof c.category_name === "string" && c.category_name)
    .sort((a, b) => String(b.category_level).localeCompare(String(a.category_level)));
  return String(named[0]?.category_name ?? "");
}

function colourOf(item: PictureItem): string | undefined {
  const attribute = listOf(item.attributes).find((a) => /^attribute_colou?r$/.test(String(a.attribute_name)));
  const value = String(attribute?.attribute_value ?? "").toLowerCase();
  return COLOURS[value];
}

/** The shapes a category is drawn as (centred on 200,130). */
const SHAPES = [
  '<circle cx="200" cy="130" r="72"/>',
  '<rect x="130" y="60" width="140" height="140" rx="24"/>',
  '<path d="M200 52 L282 196 L118 196 Z"/>',
  '<path d="M200 56 L264 93 L264 167 L200 204 L136 167 L136 93 Z"/>',
  '<path d="M200 60 L222 108 L274 112 L234 146 L247 198 L200 170 L153 198 L166 146 L126 112 L178 108 Z"/>',
  '<ellipse cx="200" cy="130" rx="96" ry="60"/>',
  '<path d="M200 196 C120 150 110 80 160 70 C182 66 196 80 200 94 C204 80 218 66 240 70 C290 80 280 150 200 196 Z"/>',
];

export function itemPictureSvg(item: PictureItem): string {
  const category = categoryOf(item);
  const kind = hash(category || "item");
  const hue = kind % 360;
  const fill = colourOf(item) ?? `hsl(${hash(item.item_id) % 360} 65% 55%)`;
  const shape = SHAPES[kind % SHAPES.length]!;
  const name = item.item_name.length > 34 ? `${item.item_name.slice(0, 33)}…` : item.item_name;
  const title = `Synthetic picture of ${item.item_name || item.item_id}${category ? ` (${category})` : ""}`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img">',
    `<title>${escapeHtml(title)}</title>`,
    `<rect width="400" height="300" fill="hsl(${hue} 45% 93%)"/>`,
    `<g fill="${fill}" stroke="hsl(${hue} 30% 35%)" stroke-width="3">${shape}</g>`,
    `<text x="200" y="252" text-anchor="middle" font-family="system-ui,sans-serif" font-size="19" fill="#1e293b">${escapeHtml(name)}</text>`,
    `<text x="200" y="278" text-anchor="middle" font-family="system-ui,sans-serif" font-size="13" fill="#475569">${escapeHtml(category)}</text>`,
    '<text x="10" y="20" font-family="system-ui,sans-serif" font-size="12" fill="#475569">synthetic picture</text>',
    "</svg>",
  ].join("");
}

/** The path of an item's synthetic picture on this service. */
export function itemPicturePath(itemId: string): string {
  return `/img/items/${encodeURIComponent(itemId)}.svg`;
}

/** Where a demo item's picture is served (absolute: the content API answers it to shops' pages). */
export function itemPictureUrl(itemId: string): string {
  return `${env().PUBLIC_URL.replace(/\/$/, "")}${itemPicturePath(itemId)}`;
}

/**
 * The image URL an item is answered with: its own, made absolute when it is this service's
 * picture path (the demo shop's real catalog has no pictures: the demo loader gives its items
 * that path); a synthetic item without one gets its picture.
 */
export function answeredImage(item: { item_id: string; main_image: string; is_synthetic: boolean }): string {
  if (item.main_image.startsWith("/img/items/")) return `${env().PUBLIC_URL.replace(/\/$/, "")}${item.main_image}`;
  return item.main_image || (item.is_synthetic ? itemPictureUrl(item.item_id) : "");
}
