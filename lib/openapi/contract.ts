/**
 * Checks an answer against the document, as an integrator's validating client would: the status is
 * documented for the operation, the headers it documents as required are there, and a JSON body
 * matches the schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it). Used by the contract run
 * over the integration tests' answers (scripts/check-contract.ts) and by the examples' test.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

/** One answer, as the tests saw it. */
export interface RecordedAnswer {
  method: string;
  /** The documented path template (lib/openapi/paths.ts documentedPath). */
  path: string;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined for an empty or non-JSON one. */
  body?: unknown;
}

interface Doc {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, unknown>; "x-error-codes"?: Record<string, string[]> }>
  >;
  components?: { responses?: Record<string, unknown> };
}

interface ResponseObject {
  $ref?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: unknown }>;
}

const escapePointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** Validates a value against the schema at a JSON pointer of the document: the first error, or undefined. */
export function schemaValidator(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  // The whole document as one schema resource: "#/components/schemas/X" resolves inside it.
  ajv.addSchema(doc as object, "doc");
  return (pointer: string, value: unknown): string | undefined => {
    const validate = ajv.getSchema(`doc${pointer}`);
    if (!validate) return `no schema at ${pointer}`;
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    return `${first?.instancePath || "/"} ${first?.message} (${JSON.stringify(first?.params)})`;
  };
}

export const jsonPointer = (...parts: string[]) => `#/${parts.map(escapePointer).join("/")}`;

export function contractChecker(doc: Doc) {
  const validate = schemaValidator(doc);

  return function check(answer: RecordedAnswer): string[] {
    const where = `${answer.method} ${answer.path} -> ${answer.status}`;
    const operation = doc.paths[answer.path]?.[answer.method.toLowerCase()];
    if (!operation) return [`${answer.method} ${answer.path}: not in the document`];
    let pointer = `#/paths/${escapePointer(answer.path)}/${answer.method.toLowerCase()}/responses/${answer.status}`;
    let response = operation.responses?.[String(answer.status)] as ResponseObject | undefined;
    if (!response) return [`${where}: status not documented`];
    if (response.$ref) {
      pointer = response.$ref;
      response = doc.components?.responses?.[response.$ref.split("/").pop() ?? ""] as ResponseObject | undefined;
      if (!response) return [`${where}: ${pointer} does not exist`];
    }
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && answer.headers[name.toLowerCase()] === undefined) {
        problems.push(`${where}: documented header ${name} missing`);
      }
    }
    const type = (answer.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
    const media = response.content?.[type];
    if (!response.content && answer.body !== undefined) problems.push(`${where}: a body where none is documented`);
    if (response.content && answer.body !== undefined && !media) {
      problems.push(`${where}: content type ${type || "(none)"} not documented`);
    }
    if (media?.schema && type === "application/json" && answer.body !== undefined) {
      const error = validate(`${pointer}/content/application~1json/schema`, answer.body);
      if (error) problems.push(`${where}: body ${error}`);
    }
    // An error's code must be one the operation lists for that status (./error-codes.ts).
    const code = (answer.body as { code?: unknown } | undefined)?.code;
    if (answer.status >= 400 && typeof code === "string") {
      const listed = operation["x-error-codes"]?.[String(answer.status)] ?? [];
      if (!listed.includes(code)) problems.push(`${where}: code ${code} not in its x-error-codes`);
    }
    return problems;
  };
}
