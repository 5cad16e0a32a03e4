import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ApprovalQueue } from "@/components/campaigns/approval-queue";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Approvals · Lumen" };
export const dynamic = "force-dynamic";

export default async function ApprovalsPage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  if (me.role === "user") {
    return (
      <Forbidden title="403 — Approvals are for advanced and super users">
        Campaigns are approved by advanced and super users. You are signed in as {me.subject} with the marketer (user)
        role: your campaigns wait here for them.
      </Forbidden>
    );
  }
  return (
    <>
      <PageHeader title="Approvals">
        Campaigns waiting for your approval: Not approved, not written by you and not approved by you yet. Read each
        group's message (placeholders are highlighted: they are filled per customer) and approve.
      </PageHeader>
      <ApprovalQueue viewer={{ email: me.subject, role: me.role }} />
    </>
  );
}
