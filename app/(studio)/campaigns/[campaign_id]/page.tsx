import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CampaignView } from "@/components/campaigns/campaign-view";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Campaign · Lumen" };

export default async function CampaignPage({ params }: { params: Promise<{ campaign_id: string }> }) {
  const { campaign_id } = await params;
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  return <CampaignView id={campaign_id} viewer={{ email: me.subject, role: me.role }} />;
}
