import type { Metadata } from "next";
import { Suspense } from "react";
import { PositionsList } from "@/components/touchpoints/positions-list";
import { SectionTabs } from "@/components/touchpoints/section-tabs";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Positions · Touchpoints · Lumen" };

export default function PositionsPage() {
  return (
    <>
      <PageHeader title="Touchpoints">
        Positions are the named places of your shop where a touchpoint shows its content.
      </PageHeader>
      <SectionTabs current="positions" />
      <Suspense>
        <PositionsList />
      </Suspense>
    </>
  );
}
