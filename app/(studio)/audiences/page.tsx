import type { Metadata } from "next";
import { AudienceBuilder } from "@/components/audiences/audience-builder";
import { AudiencesList } from "@/components/audiences/audiences-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Audiences · Lumen" };

export default function AudiencesPage() {
  return (
    <>
      <PageHeader title="Audiences">
        Groups of customers chosen by filters on who they are and what they bought. The funnel counts as you edit; a
        static audience keeps the customers found when it is created, a dynamic one is counted again. An audience&apos;s
        page exports its customers with their recommended products: the file is made in the background and a link to it
        is sent to you by e-mail.
      </PageHeader>
      <div className="space-y-6">
        <AudienceBuilder />
        <AudiencesList />
      </div>
    </>
  );
}
