import type { Metadata } from "next";
import { BeingBuilt } from "@/components/studio/being-built";

export const metadata: Metadata = { title: "Campaigns · Lumen" };

export default function CampaignsPage() {
  return (
    <BeingBuilt title="Campaigns">
      Campaigns send personalised messages by e-mail, SMS or Viber to an audience. Here you will write a campaign with
      placeholders and recommended items, send it for approval, watch it being prepared and sent with progress shown,
      and read its report: deliveries, opens, clicks and the purchases that followed.
    </BeingBuilt>
  );
}
