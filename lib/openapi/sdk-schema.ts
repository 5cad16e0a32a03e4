/**
 * The SDK's types (sdk/schema.d.ts) from the current document, by openapi-typescript: written by
 * `npm run sdk:api`, and compared with the committed file by lib/openapi/sdk.test.ts (a document
 * change without a new SDK fails there).
 */
import openapiTS, { astToString } from "openapi-typescript";
import { openApiDocument } from "./document";

export const SDK_SCHEMA_FILE = "sdk/schema.d.ts";

const HEADER = `/**
 * Generated from the Lumen OpenAPI document by openapi-typescript (npm run sdk:api): do not edit.
 * Use it through sdk/index.ts.
 */
`;

export async function sdkSchemaSource(): Promise<string> {
  // The generator reads the document only; a copy, so nothing it does reaches the served one.
  const doc = JSON.parse(JSON.stringify(openApiDocument()));
  // defaultNonNullable off: a request field with a default may be left out (the generator would
  // otherwise make it required, in requests too).
  const ast = await openapiTS(doc, { exportType: true, defaultNonNullable: false });
  return `${HEADER}${astToString(ast)}`;
}
