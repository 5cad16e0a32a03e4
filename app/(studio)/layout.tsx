import Link from "next/link";
import { redirect } from "next/navigation";
import { signOutAction } from "@/components/auth/actions";
import { Providers } from "@/components/providers";
import { BackgroundWork } from "@/components/studio/background-work";
import { studioLinks } from "@/components/studio/nav-links";
import { StudioNav } from "@/components/studio/studio-nav";
import { Button } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/authjs";
import { mustChangePassword } from "@/lib/auth/users";

const ROLE_LABEL = { user: "marketer", advanced: "advanced", super: "super" } as const;

export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  const me = await currentUser();
  if (!me) redirect("/sign-in");
  // After a super user's reset, nothing but the new password (lib/auth/reset-password.ts).
  if (me.kind === "user" && (await mustChangePassword({ id: me.id }))) redirect("/change-password");

  const account = (
    <div className="space-y-2 text-sm">
      <BackgroundWork />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900" data-testid="current-user">
          {me.subject}
        </p>
        <p className="text-slate-500">
          Role: <span data-testid="current-role">{ROLE_LABEL[me.role]}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <form action={signOutAction}>
          <Button type="submit" variant="secondary" size="sm">
            Sign out
          </Button>
        </form>
        <Link href="/settings/password" className="text-indigo-700 hover:underline">
          Change password
        </Link>
      </div>
    </div>
  );

  return (
    <Providers>
      <StudioNav links={studioLinks(me.role)} account={account} />
      <main className="px-4 py-6 md:ml-56 md:px-8 md:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </Providers>
  );
}
