import type { TImportRun } from "@/lib/data/import-runs";
import { Badge } from "../ui/badge";
import { formatCount, formatDateTime } from "../ui/format";
import { Table, TBody, Td, Th } from "../ui/table";

export function ImportsTable({ imports }: { imports: TImportRun[] }) {
  if (imports.length === 0) {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        <p className="font-medium text-slate-800">No imports yet.</p>
        <p className="mt-1">
          Send records to <code className="font-mono">POST /api/latest/data/items</code> (customers, events, discounts
          likewise) or run <code className="font-mono">npm run import</code>.
        </p>
      </div>
    );
  }
  return (
    <Table data-testid="imports-table">
      <caption className="sr-only">The last imports, newest first</caption>
      <thead>
        <tr>
          <Th>Kind</Th>
          <Th>Source</Th>
          <Th>Actor</Th>
          <Th className="text-right">Received</Th>
          <Th className="text-right">Upserted</Th>
          <Th className="text-right">Rejected</Th>
          <Th>Started</Th>
          <Th>Finished</Th>
        </tr>
      </thead>
      <TBody>
        {imports.map((run) => (
          <tr key={run.id} data-testid={`import-${run.id}`}>
            <Td className="font-medium text-slate-900">{run.kind}</Td>
            <Td>{run.source}</Td>
            <Td className="max-w-56 truncate" title={run.actor}>
              {run.actor}
            </Td>
            <Td className="text-right tabular-nums">{formatCount(run.received)}</Td>
            <Td className="text-right tabular-nums">{formatCount(run.upserted)}</Td>
            <Td className="text-right tabular-nums">
              {run.rejected > 0 ? (
                <Badge
                  tone="red"
                  title={run.errors
                    .slice(0, 3)
                    .map((e) => `#${e.index}: ${e.detail}`)
                    .join("\n")}
                >
                  {formatCount(run.rejected)}
                </Badge>
              ) : (
                "0"
              )}
            </Td>
            <Td className="tabular-nums">{formatDateTime(run.date_started)}</Td>
            <Td className="tabular-nums">
              {run.date_finished ? formatDateTime(run.date_finished) : <Badge tone="amber">running</Badge>}
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
