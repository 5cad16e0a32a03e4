import type { Metadata } from "next";
import Link from "next/link";
import { StrategyBuilder } from "@/components/touchpoints/strategy-builder";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Strategy · Lumen" };

export default async function StrategyPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const { id } = await params;
  const { created } = await searchParams;
  return (
    <>
      <PageHeader title="Strategy">
        <span className="font-mono text-xs">{id}</span>
      </PageHeader>
      {created && (
        <Alert tone="info" className="mb-6">
          Strategy created.{" "}
          <Link href={`/touchpoints/new?strategy=${encodeURIComponent(id)}`} className="font-medium underline">
            Create a touchpoint with it
          </Link>
          .
        </Alert>
      )}
      <StrategyBuilder strategyId={id} author="" />
    </>
  );
}
