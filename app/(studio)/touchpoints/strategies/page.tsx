import type { Metadata } from "next";
import { Suspense } from "react";
import { SectionTabs } from "@/components/touchpoints/section-tabs";
import { StrategiesList } from "@/components/touchpoints/strategies-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Strategies · Touchpoints · Lumen" };

export default function StrategiesPage() {
  return (
    <>
      <PageHeader title="Touchpoints">
        A strategy is a set of rules, each filling some of a touchpoint&apos;s slots, for the customers of its segments.
      </PageHeader>
      <SectionTabs current="strategies" />
      <Suspense>
        <StrategiesList />
      </Suspense>
    </>
  );
}
