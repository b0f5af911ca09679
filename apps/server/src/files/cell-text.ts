// A spreadsheet cell as text, for readers that see every file as rows of text cells.
import type { XlsxValue } from './xlsx/reader';

/** One row of a file: `row` counts from 1 as a spreadsheet shows it (the header is row 1). */
export type TextRow = { row: number; cells: string[] };

/** Excel keeps 15 significant digits; binary noise past them (1234.5600000000001) is not the user's value. */
const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15))));

/** A cell as the text the user sees in it; a formula as its own text ("=..."), never evaluated. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as {
      formula?: string;
      sharedFormula?: string;
      formulaResult?: unknown;
      richText?: { text: string }[];
      text?: unknown;
      error?: string;
    };
    if (typeof v.formula === 'string') return `=${v.formula}`;
    // An .xls formula keeps no text we can show, only its cached result: "=" + that result, refused like any formula.
    if ('formulaResult' in v) return `=${cellText(v.formulaResult)}`;
    if (typeof v.sharedFormula === 'string') return `=${v.sharedFormula}`;
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
};

/**
 * A cell as the text of its value, as exceljs's Cell.text gives it (what the credential import always read): a formula
 * as its cached result (nothing for a result of 0), a boolean as true/false, a date as Date's own toString.
 */
export const cellValueText = (value: XlsxValue): string => {
  if (value === null) return '';
  if (value instanceof Date || typeof value !== 'object') return String(value);
  return 'formula' in value ? (value.result ? String(value.result) : '') : value.error;
};
