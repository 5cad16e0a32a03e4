import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";
import { AuditLogPanel } from "./audit-log-panel";

export const metadata: Metadata = { title: "Audit log · Settings · Lumen" };
export const dynamic = "force-dynamic";

export default async function AuditLogPage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  if (me.role !== "super") {
    return (
      <Forbidden title="403 — The audit log is for super users">
        You are signed in as {me.subject} with the {me.role === "user" ? "marketer (user)" : me.role} role.
      </Forbidden>
    );
  }
  return (
    <>
      <PageHeader title="Audit log">
        Every change made in the studio or through the API, sign-ins and their failures, and export downloads: who,
        what, when, and the request id to find it in the service&apos;s logs. Entries are never changed or deleted.
      </PageHeader>
      <AuditLogPanel />
    </>
  );
}
