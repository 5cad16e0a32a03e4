import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "@/lib/auth/authjs";

export const metadata: Metadata = { title: "Change password · Lumen" };
export const dynamic = "force-dynamic";

export default async function PasswordPage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  return (
    <>
      <PageHeader title="Change password">Signed in as {me.subject}. Your current password is needed.</PageHeader>
      <Card className="max-w-md">
        <ChangePasswordForm />
      </Card>
    </>
  );
}
