import type { Metadata } from "next";
import { NewTouchpoint } from "@/components/touchpoints/new-touchpoint";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "New touchpoint · Lumen" };

export default async function NewTouchpointPage({ searchParams }: { searchParams: Promise<{ strategy?: string }> }) {
  const { strategy } = await searchParams;
  const me = await currentUser();
  return (
    <>
      <PageHeader title="New touchpoint">
        Bind a strategy to a position of your shop. Once it is live (active or not a draft) its items are calculated and
        the preview shows what a visitor sees.
      </PageHeader>
      <NewTouchpoint author={me?.subject ?? ""} strategyId={strategy} />
    </>
  );
}
