import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CampaignEditor } from "@/components/campaigns/campaign-editor";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "New campaign · Lumen" };

export default async function NewCampaignPage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  return (
    <>
      <PageHeader title="New campaign">
        Write the message of each group, choose who receives it and when. A new campaign is Not approved until enough
        advanced users approve it.
      </PageHeader>
      <CampaignEditor author={me.subject} />
    </>
  );
}
