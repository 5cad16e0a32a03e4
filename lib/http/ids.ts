import { randomUUID } from "node:crypto";

/** Server-assigned ids: `<kind>-id-<32 lowercase hex>`, e.g. strategy-id-3f2a... */
export function newId(kind: string): string {
  return `${kind}-id-${randomUUID().replaceAll("-", "")}`;
}

export function idPattern(kind: string): RegExp {
  return new RegExp(`^${kind}-id-[0-9a-f]{32}$`);
}

export function isId(kind: string, value: string): boolean {
  return idPattern(kind).test(value);
}
