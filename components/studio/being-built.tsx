import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "../ui/badge";

/** An honest page for a studio area whose screens are not built yet: what it will do, no sample data. */
export function BeingBuilt({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        <Badge tone="amber">being built</Badge>
      </div>
      <div className="max-w-3xl rounded-lg bg-white p-6 text-sm leading-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        <p>{children}</p>
        <p className="mt-3 text-slate-500">
          This part of the studio is being built; nothing here is live yet. The{" "}
          <Link href="/docs" className="font-medium text-indigo-700 underline underline-offset-2">
            API reference
          </Link>{" "}
          lists what the service already does.
        </p>
      </div>
    </section>
  );
}
