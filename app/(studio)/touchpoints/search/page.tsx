import type { Metadata } from "next";
import Link from "next/link";
import { SearchStudio } from "@/components/search/search-studio";
import { SectionTabs } from "@/components/touchpoints/section-tabs";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Search preview · Lumen" };

export default function SearchPreviewPage() {
  return (
    <>
      <PageHeader title="Search">
        Try your smart-search touchpoints as a shopper would and see what shoppers search for, and what finds nothing.{" "}
        <Link href="/touchpoints" className="font-medium text-indigo-700 underline underline-offset-2">
          Back to touchpoints
        </Link>
      </PageHeader>
      <SectionTabs current="search" />
      <SearchStudio />
    </>
  );
}
