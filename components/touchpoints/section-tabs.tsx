import Link from "next/link";
import { cn } from "../ui/cn";

const TABS = [
  { key: "touchpoints", href: "/touchpoints", label: "Touchpoints" },
  { key: "strategies", href: "/touchpoints/strategies", label: "Strategies" },
  { key: "positions", href: "/touchpoints/positions", label: "Positions" },
  { key: "search", href: "/touchpoints/search", label: "Search preview" },
] as const;

export type SectionKey = (typeof TABS)[number]["key"];

/** The touchpoint studio's lists and the search preview, as tabs under the page title. */
export function SectionTabs({ current }: { current: SectionKey }) {
  return (
    <nav aria-label="Touchpoint studio" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.key === current ? "page" : undefined}
              className={cn(
                "block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
                tab.key === current
                  ? "border-indigo-600 text-indigo-700"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
