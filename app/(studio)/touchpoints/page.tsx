import type { Metadata } from "next";
import { Suspense } from "react";
import { SectionTabs } from "@/components/touchpoints/section-tabs";
import { TouchpointsList } from "@/components/touchpoints/touchpoints-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Touchpoints · Lumen" };

export default function TouchpointsPage() {
  return (
    <>
      <PageHeader title="Touchpoints">
        A touchpoint puts a strategy on a position of your shop (a carousel, the search bar, a wheel of fortune) and
        serves each visitor the items its rules choose.
      </PageHeader>
      <SectionTabs current="touchpoints" />
      <Suspense>
        <TouchpointsList />
      </Suspense>
    </>
  );
}
