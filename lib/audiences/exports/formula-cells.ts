/**
 * CSV cells that a spreadsheet would run as a formula are neutralised as OWASP advises ("CSV
 * injection"): a text cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading `'`, and is otherwise unchanged. A value that is only a number (`-12.5`, `+3`, `1e5`) or
 * an E.164 phone number (`+` and digits) is data, not a formula, and stays as it is.
 * XLSX files need none of this: their text cells are written as strings (./file-writers.ts).
 */
const TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const E164 = /^\+\d{1,15}$/;

export function neutraliseFormula(text: string): string {
  if (text === "" || !TRIGGERS.has(text[0]!)) return text;
  if (NUMBER.test(text) || E164.test(text)) return text;
  return `'${text}`;
}
