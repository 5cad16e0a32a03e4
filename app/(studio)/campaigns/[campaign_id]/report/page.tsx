import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DeliveryReportView } from "@/components/campaigns/delivery-report";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Delivery report · Lumen" };

export default async function CampaignReportPage({ params }: { params: Promise<{ campaign_id: string }> }) {
  const { campaign_id } = await params;
  if (!(await currentUser())) redirect("/sign-in");
  return <DeliveryReportView id={campaign_id} />;
}
