import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DemoAccounts } from "@/components/auth/demo-accounts";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeRedirect } from "@/components/auth/sign-in-schema";
import { currentUser } from "@/lib/auth/authjs";
import { demoUsersEnabled, hasUsers } from "@/lib/auth/first-run";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in · Lumen" };

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  const redirectTo = safeRedirect(callbackUrl);
  if (await currentUser()) redirect(redirectTo);
  const settings = env();
  // Demo mode (DEMO_USERS) shows the demo accounts; without it a new database is set up at /setup.
  const demo = demoUsersEnabled(settings);
  if (!demo && !(await hasUsers())) redirect("/setup");
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <div className="text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-700">Lumen</p>
          <h1 className="mt-2 text-lg font-semibold text-slate-900">Sign in to the studio</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <SignInForm redirectTo={redirectTo} />
        </div>
        {demo && <DemoAccounts password={settings.DEMO_PASSWORD} />}
      </div>
    </main>
  );
}
