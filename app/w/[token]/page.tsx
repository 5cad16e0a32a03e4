import type { Metadata, Viewport } from "next";
import { WheelGame } from "@/components/touchpoints/wheel-game";
import { ApiError } from "@/lib/http/errors";
import { getWheel } from "@/lib/touchpoints/wheel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Wheel of fortune", robots: { index: false, follow: false } };
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

/** The public wheel behind an SMS link (outside the studio: no sign-in; the token is the key). */
export default async function WheelPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let wheel: Awaited<ReturnType<typeof getWheel>>;
  try {
    wheel = await getWheel(token);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      return (
        <Shell>
          <h1 className="text-xl font-semibold text-slate-900">This wheel is not available</h1>
          <p className="mt-2 text-sm text-slate-600">{error.detail}</p>
        </Shell>
      );
    }
    throw error;
  }
  return (
    <Shell>
      <WheelGame
        token={wheel.token}
        title={wheel.touchpoint_name}
        description={wheel.description}
        slices={wheel.slices}
        spun={wheel.spun}
        result={wheel.result}
      />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-gradient-to-b from-indigo-600 to-violet-700 px-3 py-6 sm:items-center sm:py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-5 text-center shadow-xl sm:p-8">{children}</div>
    </main>
  );
}
