import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { hasUsers } from "@/lib/auth/first-run";

export const metadata: Metadata = { title: "Set up · Lumen" };
export const dynamic = "force-dynamic";

/** First run without demo users: the first super user, with the setup token from the start-up log. */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  if (await hasUsers()) redirect("/sign-in");
  const { token } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <div className="text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-700">Lumen</p>
          <h1 className="mt-2 text-lg font-semibold text-slate-900">Create the first super user</h1>
          <p className="mt-1 text-sm text-slate-600">
            No user exists yet. The setup token is in the service&apos;s start-up log (or run{" "}
            <code className="font-mono">npm run users -- add --role super</code>).
          </p>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <SetupForm token={typeof token === "string" ? token : ""} />
        </div>
      </div>
    </main>
  );
}
