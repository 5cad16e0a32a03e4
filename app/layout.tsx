import type { Metadata } from "next";
import { connection } from "next/server";
import { ZodJitless } from "@/components/zod-jitless";
import "./globals.css";

export const metadata: Metadata = { title: "Lumen", description: "Personalization, campaigns and audiences" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: Next nonces its scripts with the CSP nonce proxy.ts puts
  // on the request, which a page built ahead of time cannot carry.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <ZodJitless />
        {children}
      </body>
    </html>
  );
}
