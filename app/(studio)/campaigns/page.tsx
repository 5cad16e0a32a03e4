import type { Metadata } from "next";
import { CampaignList } from "@/components/campaigns/campaign-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Campaigns · Lumen" };

export default function CampaignsPage() {
  return (
    <>
      <PageHeader title="Campaigns">
        Personalised messages by e-mail, SMS, Viber or Viber with an SMS fallback, split into A/B/C groups. A campaign
        is approved by advanced users before it is sent at its start time (or at once with Send now).
      </PageHeader>
      <CampaignList />
    </>
  );
}
