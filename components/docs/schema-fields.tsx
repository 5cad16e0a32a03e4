import { InlineCode } from "./rich-text";
import { type ApiDocument, constraints, type JsonSchema, nestedObject, refName, resolve, typeLabel } from "./schema";

const MAX_DEPTH = 6;

/** A schema as a reader wants it: an object's fields (nested), the shapes of a oneOf, or a plain type. */
export function SchemaView({ schema, doc, depth = 0 }: { schema: JsonSchema; doc: ApiDocument; depth?: number }) {
  if (schema.$ref) {
    return (
      <p className="text-sm text-slate-700">
        <a href={`#schema-${refName(schema.$ref)}`} className="font-mono text-indigo-700 underline underline-offset-2">
          {refName(schema.$ref)}
        </a>
      </p>
    );
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600">One of these shapes:</p>
        <ol className="space-y-2">
          {variants.map((variant, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: variants of a fixed schema
            <li key={index} className="rounded-md border border-slate-200 p-3">
              <p className="mb-2 text-xs font-semibold text-slate-500 uppercase">Shape {index + 1}</p>
              <SchemaView schema={resolve(variant, doc)} doc={doc} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (schema.properties) return <FieldList schema={schema} doc={doc} depth={depth} />;
  const nested = nestedObject(schema, doc);
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p className="break-words">
        <span className="font-mono text-xs text-slate-600">{typeLabel(schema)}</span>
        {schema.description && (
          <>
            {" — "}
            <InlineCode text={schema.description} />
          </>
        )}
      </p>
      {nested && depth < MAX_DEPTH && <SchemaView schema={nested} doc={doc} depth={depth + 1} />}
    </div>
  );
}

function FieldList({ schema, doc, depth }: { schema: JsonSchema; doc: ApiDocument; depth: number }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return <p className="text-sm text-slate-500">An empty object.</p>;
  return (
    <ul className={depth > 0 ? "mt-2 space-y-2 border-l-2 border-slate-200 pl-3" : "space-y-2"}>
      {entries.map(([name, field]) => {
        const rules = constraints(field);
        const nested = nestedObject(field, doc);
        return (
          <li key={name} className="text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <code className="font-mono font-semibold text-slate-900">{name}</code>
              <span className="font-mono text-xs text-slate-500">{typeLabel(field)}</span>
              {required.has(name) ? (
                <span className="text-xs font-medium text-red-700">required</span>
              ) : (
                <span className="text-xs text-slate-400">optional</span>
              )}
            </div>
            {(field.description || rules.length > 0) && (
              // break-words: a default or an example may be one long JSON word, wider than a phone.
              <p className="mt-0.5 break-words text-slate-600">
                {field.description && <InlineCode text={field.description} />}
                {field.description && rules.length > 0 && " "}
                {rules.length > 0 && <span className="text-slate-500">({rules.join("; ")})</span>}
              </p>
            )}
            {nested && depth < MAX_DEPTH && <SchemaView schema={nested} doc={doc} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
