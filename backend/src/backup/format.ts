import { createHash, type Hash } from "node:crypto";

/*
 * The backup file (docs/operations.md, "Backup file format"): gzip of UTF-8 JSON lines.
 *   1. header    {"format":"zaiko-backup","format_version":1,"created_at":…,"source":…,"migration":{…},"tables":[{name,rows}]}
 *   2. per table {"table":name,"columns":[{name,type}],"key":[…]}, then one line per row (a JSON array of
 *                each column's PostgreSQL text form, or null), then {"table_end":name,"rows":n,"sha256":…}
 *                where sha256 is over the table's row lines exactly as written (each with its "\n")
 *   3. sequences {"sequences":[{name,table,column,last_value,is_called}]}
 *   4. trailer   {"end":true,"tables":n,"rows":n,"sha256":…} over every byte of the lines before it
 */

export const FORMAT = "zaiko-backup";
export const FORMAT_VERSION = 1;
/** A file being written; never a backup (restore refuses the name, pruning skips it). */
export const PARTIAL_SUFFIX = ".partial";

export interface MigrationVersion {
  /** The journal tag (e.g. 0013_order_item_bookings), or null when the code does not know it. */
  tag: string | null;
  /** drizzle's `created_at` of the last applied migration: the journal's `when`. */
  created_at: number;
  hash: string;
  /** Migrations applied. */
  applied: number;
}

export interface ColumnInfo {
  name: string;
  /** format_type() of the column, e.g. "timestamp with time zone". */
  type: string;
}

export interface Header {
  format: typeof FORMAT;
  format_version: number;
  created_at: string;
  source: "pglite" | "pg";
  migration: MigrationVersion;
  tables: { name: string; rows: number }[];
}

export interface TableStart {
  table: string;
  columns: ColumnInfo[];
  key: string[];
}

export interface TableEnd {
  table_end: string;
  rows: number;
  sha256: string;
}

export interface SequenceState {
  name: string;
  table: string;
  column: string;
  last_value: string;
  is_called: boolean;
}

export interface Trailer {
  end: true;
  tables: number;
  rows: number;
  sha256: string;
}

/** A row value: PostgreSQL's text output of the column, null for NULL. */
export type RowValues = (string | null)[];

/** One line of the file, as written: JSON and a newline. */
export const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/** Hashes of a file being read or written: the whole file's and the current table's. */
export class Checksums {
  private file: Hash = createHash("sha256");
  private table: Hash | undefined;

  /** Every line but the trailer goes into the file's hash. */
  addLine(text: string): void {
    this.file.update(text);
  }

  startTable(): void {
    this.table = createHash("sha256");
  }

  addRow(text: string): void {
    this.addLine(text);
    this.table?.update(text);
  }

  endTable(): string {
    const digest = (this.table ?? createHash("sha256")).digest("hex");
    this.table = undefined;
    return digest;
  }

  fileDigest(): string {
    return this.file.copy().digest("hex");
  }
}
