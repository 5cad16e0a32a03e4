/**
 * Export files written as a stream: CSV with csv-stringify (UTF-8, RFC 4180: CRLF, quotes where
 * needed, a header row) or XLSX with exceljs's streaming workbook writer (rows committed as they
 * come, inline strings). Both push into a writable (./chunk-sink.ts) and wait when it is full.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";

type Cell = string | number | boolean | null;

export interface FileWriter {
  addRows(rows: Cell[][]): Promise<void>;
  finish(): Promise<void>;
}

export const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export function csvWriter(columns: string[], out: Writable): FileWriter {
  const csv = stringify({
    header: true,
    columns,
    record_delimiter: "\r\n",
    // RFC 4180: a field with a line break is quoted, a lone LF as well as CRLF.
    quoted_match: /[\r\n]/,
    cast: { boolean: (v) => (v ? "true" : "false") },
  });
  const piped = pipeline(csv, out);
  return {
    async addRows(rows) {
      for (const row of rows) {
        if (!csv.write(row)) await Promise.race([once(csv, "drain"), piped]);
      }
    },
    async finish() {
      csv.end();
      await piped;
    },
  };
}

export function xlsxWriter(columns: string[], sheetName: string, out: Writable): FileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Customers");
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: Math.max(12, c.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    async addRows(rows) {
      for (const row of rows) sheet.addRow(row).commit();
      if (out.writableNeedDrain) await once(out, "drain");
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
      await finished(out);
    },
  };
}
