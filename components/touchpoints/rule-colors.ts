/**
 * One colour per rule index, shared by the slot strip, the rule cards and the preview's badges so
 * a marketer can follow a rule from the builder to the items it filled. Full class names so
 * Tailwind keeps them. The slots' white text is on the 700 shades: 4.9:1 at least (WCAG 1.4.3).
 */
const COLORS = [
  { slot: "bg-indigo-700 text-white ring-indigo-800", soft: "bg-indigo-50 text-indigo-800 ring-indigo-600/30" },
  { slot: "bg-emerald-700 text-white ring-emerald-800", soft: "bg-emerald-50 text-emerald-800 ring-emerald-600/30" },
  { slot: "bg-amber-700 text-white ring-amber-800", soft: "bg-amber-50 text-amber-900 ring-amber-600/30" },
  { slot: "bg-rose-700 text-white ring-rose-800", soft: "bg-rose-50 text-rose-800 ring-rose-600/30" },
  { slot: "bg-sky-700 text-white ring-sky-800", soft: "bg-sky-50 text-sky-800 ring-sky-600/30" },
  { slot: "bg-fuchsia-700 text-white ring-fuchsia-800", soft: "bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-600/30" },
  { slot: "bg-lime-700 text-white ring-lime-800", soft: "bg-lime-50 text-lime-800 ring-lime-600/30" },
  { slot: "bg-orange-700 text-white ring-orange-800", soft: "bg-orange-50 text-orange-800 ring-orange-600/30" },
] as const;

export function ruleColor(index: number) {
  return COLORS[index % COLORS.length]!;
}
