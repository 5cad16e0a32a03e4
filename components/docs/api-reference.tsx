import { PageHeader } from "../ui/page-header";
import { MethodBadge, type OperationEntry, OperationView, operationAnchor } from "./operation-view";
import { RichText } from "./rich-text";
import type { ApiDocument } from "./schema";
import { SchemaView } from "./schema-fields";

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** Authentication first (every caller starts there), Reference last, the areas alphabetically between. */
function tagRank(tag: string): string {
  if (tag === "Authentication") return "0";
  if (tag === "Reference") return "2";
  return `1${tag}`;
}

function groupByTag(doc: ApiDocument, declared: { method: string; path: string; auth: string }[]) {
  const entries: OperationEntry[] = [];
  for (const { method, path, auth } of declared) {
    const op = doc.paths[path]?.[method];
    if (op) entries.push({ method, path, auth, op });
  }
  entries.sort(
    (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const groups = new Map<string, OperationEntry[]>();
  for (const entry of entries) {
    const tag = entry.op.tags?.[0] ?? "Other";
    groups.set(tag, [...(groups.get(tag) ?? []), entry]);
  }
  return new Map([...groups].sort(([a], [b]) => tagRank(a).localeCompare(tagRank(b))));
}

/**
 * The API reference: conventions, authentication, then the operations grouped by tag and sorted by
 * path, then the shared schemas (the error envelope).
 */
export function ApiReference({
  doc,
  declared,
}: {
  doc: ApiDocument;
  declared: { method: string; path: string; auth: string }[];
}) {
  const groups = groupByTag(doc, declared);
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const server = doc.servers?.[0]?.url;
  const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

  return (
    <div className="space-y-8">
      <PageHeader title="API reference">
        {doc.info.title}, version {doc.info.version}. The machine-readable document is at{" "}
        <a href="/api/latest/openapi.json" className="font-mono text-indigo-700 underline underline-offset-2">
          /api/latest/openapi.json
        </a>
        {server ? (
          <>
            ; base URL <code className="font-mono">{server}</code>.
          </>
        ) : (
          "."
        )}
      </PageHeader>

      <nav aria-label="API sections" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-sm font-semibold text-slate-800">Contents</h2>
        <ul className="mt-2 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {/* min-w-0: a grid item is as wide as its longest path otherwise, wider than a phone. */}
          <li className="min-w-0">
            <a href="#conventions" className="inline-block py-0.5 text-indigo-700 hover:underline">
              Conventions and authentication
            </a>
          </li>
          {[...groups].map(([tag, entries]) => (
            <li key={tag} className="min-w-0">
              <a
                href={`#${tagAnchor(tag)}`}
                className="inline-block py-0.5 font-medium text-indigo-700 hover:underline"
              >
                {tag}
              </a>
              {/* Each link is 24 px high at least (WCAG 2.5.8, target size). */}
              <ul className="mt-1">
                {entries.map((entry) => (
                  <li key={`${entry.method} ${entry.path}`} className="flex items-center gap-2">
                    <MethodBadge method={entry.method} />
                    <a
                      href={`#${operationAnchor(entry)}`}
                      className="block min-h-6 min-w-0 truncate py-1 font-mono text-xs text-slate-700 hover:underline"
                    >
                      {entry.path}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>

      <section id="conventions" aria-labelledby="conventions-title" className="scroll-mt-20 space-y-3">
        <h2 id="conventions-title" className="text-xl font-semibold text-slate-900">
          Conventions
        </h2>
        {doc.info.description && (
          <RichText
            text={doc.info.description}
            className="max-w-3xl rounded-lg bg-white p-4 text-sm leading-6 text-slate-700 shadow-sm ring-1 ring-slate-200"
          />
        )}
        <h3 className="pt-2 text-base font-semibold text-slate-900">Authentication</h3>
        <ul className="max-w-3xl space-y-1 text-sm text-slate-700">
          {Object.entries(doc.components?.securitySchemes ?? {}).map(([name, scheme]) => (
            <li key={name}>
              <code className="font-mono font-semibold">{name}</code>:{" "}
              {scheme.type === "http" ? `Authorization: ${scheme.scheme ?? ""} header` : `${scheme.in} ${scheme.name}`}
              {scheme.description ? ` — ${scheme.description}` : ""}
            </li>
          ))}
        </ul>
      </section>

      {[...groups].map(([tag, entries]) => (
        <section
          key={tag}
          id={tagAnchor(tag)}
          aria-labelledby={`${tagAnchor(tag)}-title`}
          className="scroll-mt-20 space-y-4"
        >
          <h2 id={`${tagAnchor(tag)}-title`} className="text-xl font-semibold text-slate-900">
            {tag}
          </h2>
          {entries.map((entry) => (
            <OperationView key={`${entry.method} ${entry.path}`} entry={entry} doc={doc} />
          ))}
        </section>
      ))}

      {schemas.length > 0 && (
        <section aria-labelledby="schemas-title" className="space-y-4">
          <h2 id="schemas-title" className="text-xl font-semibold text-slate-900">
            Shared schemas
          </h2>
          {schemas.map(([name, schema]) => (
            <article
              key={name}
              id={`schema-${name}`}
              className="scroll-mt-20 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <h3 className="mb-2 font-mono text-base font-semibold text-slate-900">{name}</h3>
              <SchemaView schema={schema} doc={doc} />
            </article>
          ))}
        </section>
      )}
    </div>
  );
}
