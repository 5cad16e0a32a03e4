import type { Metadata } from "next";
import { TouchpointView } from "@/components/touchpoints/touchpoint-view";

export const metadata: Metadata = { title: "Touchpoint · Lumen" };

export default async function TouchpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TouchpointView id={id} />;
}
