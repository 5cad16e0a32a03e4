import type { Metadata } from "next";
import { AudienceView } from "@/components/audiences/audience-view";

export const metadata: Metadata = { title: "Audience · Lumen" };

export default async function AudiencePage({ params }: { params: Promise<{ audience_id: string }> }) {
  const { audience_id } = await params;
  return <AudienceView id={audience_id} />;
}
