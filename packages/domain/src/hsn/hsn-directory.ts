// Reads the rows of the GST portal's HSN/SAC directory (sheets HSN_MSTR and SAC_MSTR of HSN_SAC_<date>.xlsx) into clean
// records. Known quirks handled: codes with spaces ("2307 00"), HSN codes that lost a leading zero when stored as numbers
// ("30559" for 030559), SAC codes stored as numbers, `_x000D_` and CR/LF inside descriptions, padding spaces, a
// description cell that holds a broken formula ("--- LUNGI", #NAME?), "~" separating the chapter text from the item text,
// header rows, blank rows, and the same code listed twice.
import type { HsnKind } from './hsn';
import { isServiceCode } from './hsn';

export type HsnLevel = 'chapter' | 'heading' | 'subheading' | 'tariffItem';

export type HsnRecord = {
  code: string;
  kind: HsnKind;
  level: HsnLevel;
  description: string;
  /** Text before the last "~" (the chapter or heading description the portal prefixes), if any. */
  context?: string;
  /** 1-based index of the row in the input. */
  row: number;
};

export type HsnDirectoryIssue = {
  row: number;
  code: 'HSN_DIR_CODE' | 'HSN_DIR_DUPLICATE' | 'HSN_DIR_DESCRIPTION' | 'HSN_DIR_FIXED';
  message: string;
};

export type HsnDirectory = { records: HsnRecord[]; issues: HsnDirectoryIssue[] };

const LEVELS: Record<number, HsnLevel> = { 2: 'chapter', 4: 'heading', 6: 'subheading', 8: 'tariffItem' };

/** Plain text of a spreadsheet cell value (string, number, rich text, formula, hyperlink, as exceljs gives them). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: unknown }[]; text?: unknown; result?: unknown; formula?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => cellText(r.text)).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.result === 'string' || typeof v.result === 'number') return String(v.result);
    // A text cell Excel mistook for a formula ("--- LUNGI" -> #NAME?): keep its text.
    if (typeof v.formula === 'string') return v.formula.replace(/^[-=+\s]+/, '');
  }
  return '';
}

const cleanText = (s: string): string =>
  s
    .replace(/_x000D_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const HEADER = /^(HSN|SAC)(_CD)?$|^TYPE$|^CODE$/i;

/**
 * Turns directory rows into records. Each row is an array of cells: [code, description], or [type, code, description]
 * as in the flattened CSV; leading empty cells (exceljs `row.values` starts with an empty slot) are skipped.
 * Later duplicates of a code are dropped (a clean code wins over one that needed repair).
 */
export function readHsnDirectory(rows: Iterable<readonly unknown[]>): HsnDirectory {
  const records: HsnRecord[] = [];
  const issues: HsnDirectoryIssue[] = [];
  const byCode = new Map<string, { index: number; repaired: boolean }>();
  let rowNumber = 0;
  for (const raw of rows) {
    rowNumber++;
    const cells = raw.filter((c) => c !== null && c !== undefined && cellText(c).trim() !== '');
    if (cells.length === 0) continue;
    let typeHint: HsnKind | undefined;
    let first = cellText(cells[0]).trim();
    if ((first === 'HSN' || first === 'SAC') && cells.length >= 3) {
      typeHint = first;
      cells.shift();
      first = cellText(cells[0]).trim();
    }
    if (HEADER.test(first)) continue;
    let code = first.replace(/[\s.]/g, '');
    let repaired = code !== first;
    if (!/^[0-9]{1,8}$/.test(code)) {
      issues.push({ row: rowNumber, code: 'HSN_DIR_CODE', message: `Not an HSN/SAC code: ${JSON.stringify(first)}` });
      continue;
    }
    if (code.length % 2 === 1) {
      code = '0' + code; // a number cell lost the leading zero of chapters 01-09
      repaired = true;
    }
    if (repaired) issues.push({ row: rowNumber, code: 'HSN_DIR_FIXED', message: `Code ${JSON.stringify(first)} read as ${code}` });
    const text = cleanText(cells.slice(1).map(cellText).join(' '));
    if (text === '') issues.push({ row: rowNumber, code: 'HSN_DIR_DESCRIPTION', message: `No description for ${code}` });
    const tilde = text.lastIndexOf('~');
    const description = tilde >= 0 ? text.slice(tilde + 1).trim() : text;
    const context = tilde >= 0 ? text.slice(0, tilde).replace(/~/g, ' / ').trim() : undefined;
    const kind: HsnKind = typeHint ?? (isServiceCode(code) ? 'SAC' : 'HSN');
    const record: HsnRecord = {
      code,
      kind,
      level: LEVELS[code.length]!,
      description,
      ...(context ? { context } : {}),
      row: rowNumber,
    };
    const previous = byCode.get(code);
    if (previous) {
      issues.push({
        row: rowNumber,
        code: 'HSN_DIR_DUPLICATE',
        message: `Code ${code} already listed in row ${records[previous.index]?.row}`,
      });
      if (previous.repaired && !repaired) {
        records[previous.index] = record;
        byCode.set(code, { index: previous.index, repaired });
      }
      continue;
    }
    byCode.set(code, { index: records.length, repaired });
    records.push(record);
  }
  return { records, issues };
}
