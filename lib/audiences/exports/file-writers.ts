/**
 * Export files written as a stream: CSV with csv-stringify (UTF-8, RFC 4180: CRLF, quotes where
 * needed, a header row; cells that would run as formulas neutralised) or XLSX with exceljs's
 * streaming workbook writer (rows committed as they come, text as inline strings, never formulas).
 * Both push into a writable (./chunk-sink.ts) and wait when it is full.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { neutraliseFormula } from "./formula-cells";

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
    // A text cell a spreadsheet would run as a formula starts with ' (./formula-cells.ts).
    cast: { boolean: (v) => (v ? "true" : "false"), string: neutraliseFormula },
  });
  const piped = pipeline(csv, out);
  // Awaited by addRows and finish; a run abandoned mid-file (its sink destroyed when a write failed
  // or the worker stopped) must not leave the rejection unhandled, which ends the whole process.
  piped.catch(() => {});
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

/** The most data rows one worksheet takes: Excel's 1,048,576 rows less the header row. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

/**
 * An XLSX workbook streamed sheet by sheet: when a sheet holds `rowsPerSheet` data rows the next row
 * starts a new sheet ("Customers (2)", ...) with the same header, so an export of any size opens
 * in Excel, whose sheets stop at 1,048,576 rows.
 */
export function xlsxWriter(
  columns: string[],
  sheetName: string,
  out: Writable,
  rowsPerSheet = XLSX_ROWS_PER_SHEET,
): FileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const baseName = sheetName.replace(/[\\/?*[\]:]/g, " ").trim() || "Customers";
  let sheets = 0;
  let rowsInSheet = 0;
  const nextSheet = () => {
    sheets += 1;
    const suffix = sheets === 1 ? "" : ` (${sheets})`;
    const sheet = workbook.addWorksheet(baseName.slice(0, 31 - suffix.length).trimEnd() + suffix);
    sheet.columns = columns.map((c) => ({ header: c, key: c, width: Math.max(12, c.length + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    rowsInSheet = 0;
    return sheet;
  };
  let sheet = nextSheet();
  return {
    async addRows(rows) {
      for (const row of rows) {
        if (rowsInSheet === rowsPerSheet) {
          sheet.commit();
          sheet = nextSheet();
        }
        sheet.addRow(row).commit();
        rowsInSheet += 1;
      }
      await compressorCaughtUp(sheet);
      if (out.writableNeedDrain) await once(out, "drain");
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
      await finished(out);
    },
  };
}

/** Sheet XML waiting in exceljs's compressor beyond this is waited for (about 1 MB). */
const BACKLOG_BYTES = 1 << 20;

/**
 * exceljs's sheet stream hands its XML to the zip compressor without waiting for it (the sheet is a
 * StreamBuf piped through archiver's PassThrough into a zlib stream), so when rows come faster than the compressor runs, the XML
 * piles up in the compressor's write buffer: 1 GB for an extended 500,000-customer sheet on PGlite
 * (bench: export). Between batches the writer waits until that buffer is back under BACKLOG_BYTES.
 * The sheet's stream and its pipes are exceljs internals: when they are not there the wait is
 * skipped and the export still works, only without this bound.
 */
async function compressorCaughtUp(sheet: unknown): Promise<void> {
  const pipes = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    // archiver's PassThrough (readable-stream) keeps the backlog in its writable state.
    const stream = pipe as Writable & { _writableState?: { length?: number } };
    const backlog = () => stream.writableLength ?? stream._writableState?.length ?? 0;
    while (backlog() > BACKLOG_BYTES) {
      await Promise.race([once(stream, "drain"), new Promise((r) => setTimeout(r, 20))]);
    }
  }
}
