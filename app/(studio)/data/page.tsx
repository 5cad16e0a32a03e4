import type { Metadata } from "next";
import { CountCards } from "@/components/data/count-cards";
import { DemoProgress } from "@/components/data/demo-progress";
import { ImportsTable } from "@/components/data/imports-table";
import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getDataOverview } from "@/lib/data/get-data-overview";

export const metadata: Metadata = { title: "Data · Lumen" };
export const dynamic = "force-dynamic";

export default async function DataPage() {
  const overview = await getDataOverview();
  const { demo } = overview;
  return (
    <>
      <PageHeader title="Data">
        What the service knows about your shop: the catalog, customers, their events and the leaflets&apos; discounts,
        sent through the API or imported from files.
      </PageHeader>
      <div className="space-y-6">
        {demo?.state === "loading" && <DemoProgress initial={demo} />}
        {demo?.state === "failed" && (
          <Alert tone="error">
            The demo data load failed{demo.phase ? ` during ${demo.phase}` : ""}: {demo.message ?? "no reason given"}.
          </Alert>
        )}
        <CountCards overview={overview} />
        <Card aria-labelledby="imports-title">
          <CardTitle id="imports-title" className="mb-3">
            Last imports
          </CardTitle>
          <ImportsTable imports={overview.last_imports} />
        </Card>
      </div>
    </>
  );
}
