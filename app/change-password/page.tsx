import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signOutAction } from "@/components/auth/actions";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { Button } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/authjs";
import { mustChangePassword } from "@/lib/auth/users";

export const metadata: Metadata = { title: "Choose a new password · Lumen" };
export const dynamic = "force-dynamic";

/** Where the studio sends a user whose password a super user reset: nothing else until it is changed. */
export default async function ForcedChangePage() {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  if (!(await mustChangePassword({ id: me.id }))) redirect("/");
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <div className="text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-700">Lumen</p>
          <h1 className="mt-2 text-lg font-semibold text-slate-900">Choose a new password</h1>
          <p className="mt-1 text-sm text-slate-600">
            A super user set the password of {me.subject}. Enter it as the current password, then choose your own.
          </p>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <ChangePasswordForm then="/" />
        </div>
        <form action={signOutAction} className="text-center">
          <Button type="submit" variant="secondary" size="sm">
            Sign out
          </Button>
        </form>
      </div>
    </main>
  );
}
