import type { Metadata } from "next";
import { BeingBuilt } from "@/components/studio/being-built";

export const metadata: Metadata = { title: "Audiences · Lumen" };

export default function AudiencesPage() {
  return (
    <BeingBuilt title="Audiences">
      Audiences are groups of customers chosen by filters on who they are and what they did (segment, consents,
      purchases, views, a funnel of steps). Here you will build those filters, see how many customers match before you
      save, browse the matching customers and export them or use them as the recipients of a campaign.
    </BeingBuilt>
  );
}
