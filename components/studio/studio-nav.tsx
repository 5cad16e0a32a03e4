"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { cn } from "../ui/cn";
import type { NavLink } from "./nav-links";

/**
 * The studio's navigation: a sidebar from the md breakpoint up, a menu button that opens the
 * same list on a phone. `account` (e-mail, role, sign-out form) is rendered by the server layout.
 */
export function StudioNav({ links, account }: { links: NavLink[]; account: ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  // Following a link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="border-b border-slate-200 bg-white md:fixed md:inset-y-0 md:left-0 md:flex md:w-56 md:flex-col md:border-r md:border-b-0">
      <div className="flex items-center justify-between px-4 py-3 md:py-5">
        <Link href="/data" className="text-lg font-bold tracking-tight text-indigo-700">
          Lumen
        </Link>
        <button
          type="button"
          className="rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset md:hidden"
          aria-expanded={open}
          aria-controls="studio-menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? "Close" : "Menu"}
        </button>
      </div>
      <div id="studio-menu" className={cn(open ? "block" : "hidden", "md:flex md:flex-1 md:flex-col")}>
        <nav aria-label="Studio" className="px-2 pb-3 md:flex-1">
          <ul className="space-y-0.5">
            {links.map((link) => {
              const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "block rounded-md px-3 py-2 text-sm font-medium",
                      active ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100",
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* md:pb-16 keeps Sign out clear of the Next.js dev indicator, which sits at the bottom left. */}
        <div className="border-t border-slate-200 px-4 py-3 md:pb-16">{account}</div>
      </div>
    </header>
  );
}
