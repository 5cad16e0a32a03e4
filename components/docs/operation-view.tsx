import { Badge, type BadgeTone } from "../ui/badge";
import { InlineCode, RichText } from "./rich-text";
import type { ApiDocument, ApiOperation } from "./schema";
import { constraints, refName, typeLabel } from "./schema";
import { SchemaView } from "./schema-fields";

const METHOD_TONE: Record<string, BadgeTone> = { get: "blue", post: "green", put: "amber", delete: "red" };
const ROLE_TEXT: Record<string, string> = {
  user: "any signed-in user or API client (role user or higher)",
  advanced: "role advanced or super",
  super: "role super only",
};

export interface OperationEntry {
  method: string;
  path: string;
  /** "public" or the least role allowed (from the operation's declaration). */
  auth: string;
  op: ApiOperation;
}

export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge tone={METHOD_TONE[method] ?? "slate"} className="w-16 justify-center font-mono uppercase">
      {method}
    </Badge>
  );
}

export function operationAnchor(entry: Pick<OperationEntry, "method" | "path" | "op">): string {
  return entry.op.operationId ?? `${entry.method}-${entry.path.replace(/[^a-z0-9]+/gi, "-")}`;
}

export function OperationView({ entry, doc }: { entry: OperationEntry; doc: ApiDocument }) {
  const { method, path, op, auth } = entry;
  const params = op.parameters ?? [];
  const body = op.requestBody?.content;
  const bodyTypes = Object.keys(body ?? {});
  const bodySchema = bodyTypes[0] ? body?.[bodyTypes[0]]?.schema : undefined;
  // Error responses are shared components (#/components/responses/<Name>): read through the $ref.
  // The operation's own description of a shared response (lib/openapi/error-codes.ts: the codes it
  // answers with that status) wins over the shared one.
  const responses = Object.entries(op.responses ?? {}).map(([status, response]) => {
    const shared = response.$ref ? doc.components?.responses?.[refName(response.$ref)] : undefined;
    return [
      status,
      shared ? { ...shared, description: response.description ?? shared.description } : response,
    ] as const;
  });
  return (
    <article id={operationAnchor(entry)} className="scroll-mt-20 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <MethodBadge method={method} />
          <code className="font-mono text-sm font-semibold break-all text-slate-900">/api/latest{path}</code>
        </div>
        <h3 className="mt-2 text-base font-semibold text-slate-900">{op.summary}</h3>
        {op.description && <RichText text={op.description} className="mt-1 text-sm text-slate-600" />}
        <p className="mt-2 text-sm text-slate-600">
          <span className="font-medium text-slate-800">Auth: </span>
          {auth === "public" ? "none (public)" : `Bearer token or browser session; ${ROLE_TEXT[auth] ?? auth}`}
        </p>
      </header>
      <div className="space-y-5 p-4">
        {params.length > 0 && (
          <section>
            <h4 className="mb-2 text-sm font-semibold text-slate-800">Parameters</h4>
            <ul className="space-y-2">
              {params.map((p) => {
                const rules = p.schema ? constraints(p.schema) : [];
                return (
                  <li key={`${p.in}-${p.name}`} className="text-sm">
                    <div className="flex flex-wrap items-baseline gap-x-2">
                      <code className="font-mono font-semibold text-slate-900">{p.name}</code>
                      <span className="text-xs text-slate-500">in {p.in}</span>
                      {p.schema && <span className="font-mono text-xs text-slate-500">{typeLabel(p.schema)}</span>}
                      {p.required ? (
                        <span className="text-xs font-medium text-red-700">required</span>
                      ) : (
                        <span className="text-xs text-slate-400">optional</span>
                      )}
                    </div>
                    {(p.description || rules.length > 0) && (
                      <p className="mt-0.5 break-words text-slate-600">
                        {p.description}{" "}
                        {rules.length > 0 && <span className="text-slate-500">({rules.join("; ")})</span>}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {bodySchema && (
          <section>
            <h4 className="mb-2 text-sm font-semibold text-slate-800">
              Request body <span className="font-normal text-slate-500">({bodyTypes.join(" or ")})</span>
            </h4>
            <SchemaView schema={bodySchema} doc={doc} />
          </section>
        )}
        <section>
          <h4 className="mb-2 text-sm font-semibold text-slate-800">Responses</h4>
          <ul className="space-y-3">
            {responses.map(([status, response]) => {
              const schema = response.content?.["application/json"]?.schema;
              const success = status.startsWith("2");
              return (
                <li key={status} className="text-sm">
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <Badge tone={success ? "green" : "slate"} className="font-mono">
                      {status}
                    </Badge>
                    <span className="min-w-0 break-words text-slate-700">
                      <InlineCode text={response.description ?? ""} />
                    </span>
                    {!success && schema?.$ref && (
                      <a href="#schema-Error" className="text-xs text-indigo-700 underline underline-offset-2">
                        error body
                      </a>
                    )}
                  </div>
                  {success && schema && (
                    <div className="mt-2">
                      <SchemaView schema={schema} doc={doc} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </article>
  );
}
