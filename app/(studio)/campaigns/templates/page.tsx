import type { Metadata } from "next";
import { TemplateList } from "@/components/campaigns/template-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "E-mail templates · Lumen" };

export default function TemplatesPage() {
  return (
    <>
      <PageHeader title="E-mail templates">
        The HTML of an e-mail, chosen in a campaign's e-mail group. When a campaign is sent, its placeholders are filled
        for each customer, its links are tracked, and an unsubscribe footer and an open pixel are added. A group with no
        text of its own gets a plain-text part made from the template.
      </PageHeader>
      <div className="mb-4">
        <ButtonLink href="/campaigns" variant="secondary" size="sm">
          ← Campaigns
        </ButtonLink>
      </div>
      <TemplateList />
    </>
  );
}
