import type { Metadata } from "next";
import { Suspense } from "react";
import { OutboxList } from "@/components/messaging/outbox-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Outbox · Lumen" };

export default function OutboxPage() {
  return (
    <>
      <PageHeader title="Outbox">
        The messages Lumen handed to its outbox provider instead of a real SMS, e-mail or Viber gateway, newest first:
        test promotions, wheel results and campaign sends.
      </PageHeader>
      <Suspense>
        <OutboxList />
      </Suspense>
    </>
  );
}
