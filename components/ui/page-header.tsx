import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children && <div className="mt-1 max-w-3xl text-sm text-slate-600">{children}</div>}
    </div>
  );
}
