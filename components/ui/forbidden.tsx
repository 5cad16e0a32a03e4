import type { ReactNode } from "react";

/** What a signed-in user sees on a page their role may not open. */
export function Forbidden({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="forbidden-title" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-red-200">
      <h1 id="forbidden-title" className="text-xl font-semibold text-red-800">
        {title}
      </h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">{children}</p>
    </section>
  );
}
