/**
 * The campaign's audience warnings (lib/campaigns/audience-warnings.ts: a draft audience, one not
 * yet calculated, nobody to reach), where someone approves or reads the campaign.
 */
import { Alert } from "../ui/alert";
import type { Campaign } from "./campaign-api";

export function AudienceWarnings({ campaign }: { campaign: Pick<Campaign, "warnings"> }) {
  const warnings = campaign.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" data-testid="audience-warnings">
      <p className="font-medium">Check the audience before approving:</p>
      <ul className="mt-1 list-inside list-disc space-y-0.5">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </Alert>
  );
}
