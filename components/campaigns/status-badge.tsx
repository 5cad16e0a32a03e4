import type { CampaignStatus } from "@/lib/campaigns/status";
import { Badge } from "../ui/badge";
import { STATUS_TONE } from "./campaign-api";

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="campaign-status">
      {status}
    </Badge>
  );
}
