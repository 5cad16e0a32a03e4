import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ApiClientsPanel } from "@/components/settings/api-clients-panel";
import { UsersPanel } from "@/components/settings/users-panel";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Settings · Lumen" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  if (me.role !== "super") {
    return (
      <Forbidden title="403 — Settings are for super users">
        Users and API clients are managed by super users. You are signed in as {me.subject} with the{" "}
        {me.role === "user" ? "marketer (user)" : me.role} role; ask a super user if you need a change.
      </Forbidden>
    );
  }
  return (
    <>
      <PageHeader title="Settings">
        Who may use the studio and which systems may call the API. Who changed what:{" "}
        <Link href="/settings/audit-log" className="text-indigo-700 underline underline-offset-2">
          the audit log
        </Link>
        .
      </PageHeader>
      <div className="space-y-6">
        <UsersPanel currentUserId={me.id} />
        <ApiClientsPanel />
      </div>
    </>
  );
}
