import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ReportFileFormat } from '@portal/shared';
import type { Column } from './report-columns.js';

/*
 * Report files are written row by row to disk, so a year of a large centre never sits in memory:
 * csv through a plain write stream (waiting for it to drain), xlsx through exceljs's streaming
 * WorkbookWriter, which commits each row as it is added.
 */

/** A row's values in column order: text, integers, and hours columns given in seconds. */
export type Cell = string | number;

export interface SheetWriter {
  row(values: readonly Cell[]): Promise<void>;
  /** Ends the file; resolves once it is on disk. */
  close(): Promise<void>;
}

/** Seconds as hours with two decimals. */
export const hours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100;

/** One csv field (RFC 4180): quoted when it holds a quote, comma, CR or LF; quotes doubled. */
export const csvField = (v: Cell): string => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/**
 * A text a spreadsheet would take for a formula (=, +, -, @, tab, CR first: a company or department
 * name is free text) gets a leading apostrophe, so opening the file never runs it (OWASP CSV injection).
 */
export const inertText = (s: string): string => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const csvValue = (v: Cell, c: Column | undefined): string => {
  if (c?.kind === 'hours' && typeof v === 'number') return csvField(hours(v).toFixed(2));
  return csvField(c?.kind === 'text' && typeof v === 'string' ? inertText(v) : v);
};

const FLUSH_BYTES = 64 * 1024;

class CsvWriter implements SheetWriter {
  private readonly out: WriteStream;
  private buffer = '';

  constructor(
    path: string,
    private readonly columns: readonly Column[],
  ) {
    this.out = createWriteStream(path);
    // A byte order mark, so Excel reads the file as UTF-8 (Chinese names and headers).
    this.buffer = `\uFEFF${this.line(columns.map((c) => c.header))}`;
  }

  private line(values: readonly Cell[]): string {
    return `${values.map((v, i) => csvValue(v, this.columns[i])).join(',')}\r\n`;
  }

  async row(values: readonly Cell[]): Promise<void> {
    this.buffer += this.line(values);
    if (this.buffer.length >= FLUSH_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.buffer;
    this.buffer = '';
    if (chunk && !this.out.write(chunk)) await Promise.race([once(this.out, 'drain'), once(this.out, 'error')]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, 'finish');
  }
}

class XlsxWriter implements SheetWriter {
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(
    path: string,
    private readonly columns: readonly Column[],
    sheetName: string,
  ) {
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
    this.sheet = this.book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = columns.map((c) => ({ width: c.width }));
    const header = this.sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
  }

  row(values: readonly Cell[]): Promise<void> {
    const r = this.sheet.addRow(
      values.map((v, i) => (this.columns[i]?.kind === 'hours' && typeof v === 'number' ? hours(v) : v)),
    );
    this.columns.forEach((c, i) => {
      if (c.kind === 'hours') r.getCell(i + 1).numFmt = '0.00';
    });
    r.commit();
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.sheet.commit();
    await this.book.commit();
  }
}

export const openSheet = (format: ReportFileFormat, path: string, columns: readonly Column[], sheetName: string): SheetWriter =>
  format === 'csv' ? new CsvWriter(path, columns) : new XlsxWriter(path, columns, sheetName);
