import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EditCampaign } from "@/components/campaigns/edit-campaign";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Edit campaign · Lumen" };

export default async function EditCampaignPage({ params }: { params: Promise<{ campaign_id: string }> }) {
  const { campaign_id } = await params;
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  return (
    <>
      <PageHeader title="Edit campaign" />
      <EditCampaign id={campaign_id} author={me.subject} />
    </>
  );
}
