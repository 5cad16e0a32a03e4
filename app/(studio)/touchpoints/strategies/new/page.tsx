import type { Metadata } from "next";
import { StrategyBuilder } from "@/components/touchpoints/strategy-builder";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "New strategy · Lumen" };

export default async function NewStrategyPage() {
  const me = await currentUser();
  return (
    <>
      <PageHeader title="New strategy">
        Pick the type, add rules and give each the slots it fills; slots no rule fills take the fallback.
      </PageHeader>
      <StrategyBuilder author={me?.subject ?? ""} />
    </>
  );
}
