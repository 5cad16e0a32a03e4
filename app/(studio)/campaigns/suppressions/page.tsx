import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SuppressionList } from "@/components/campaigns/suppression-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Suppressions · Lumen" };

export default async function SuppressionsPage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  return (
    <>
      <PageHeader title="Suppressions">
        Addresses no campaign reaches on a channel, whatever the shop&apos;s feed says about consent: unsubscribes, hard
        bounces, complaints and STOP replies are added here by themselves, and you can add one by hand. A customer whose
        address is listed counts as not consenting in audiences and is left out of every send. Only super users can
        remove a suppression.
      </PageHeader>
      <div className="mb-4">
        <ButtonLink href="/campaigns" variant="secondary" size="sm">
          ← Campaigns
        </ButtonLink>
      </div>
      <SuppressionList canDelete={me.role === "super"} />
    </>
  );
}
