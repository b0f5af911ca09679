// Header mapping (our names, keys and the subscriber's aliases) and the parsing of one cell by its documented format.
import { headerKey, IMPORT_COLUMNS, type ImportColumn, type ImportType } from '@opengst/contracts';
import { AMOUNT_MESSAGES, isIsoDate, parseAmount, parsePortalDate, stateCodeOfText } from '@opengst/domain';
import { ERROR_CATALOGUE } from '@opengst/contracts';

export type CellError = { code: keyof typeof ERROR_CATALOGUE; message: string };
export type HeaderMap = { columns: readonly ImportColumn[]; indexOf: Map<string, number>; missing: ImportColumn[] };

/**
 * Finds each documented column in the header row. First by our name or key and the subscriber's aliases, then, for
 * the columns still unfound, by the headers Tally, the GSTN offline tool and ERPs use (known-headers.ts); all compared
 * by headerKey (case, spaces and punctuation do not count).
 */
export const mapHeader = (
  importType: ImportType,
  header: readonly string[],
  aliases: readonly { column: string; alias: string }[],
): HeaderMap => {
  const columns = IMPORT_COLUMNS[importType];
  const own = new Map<string, string>();
  const known = new Map<string, string>();
  for (const c of columns) {
    for (const alias of c.aliases) known.set(headerKey(alias), c.key);
    own.set(headerKey(c.name), c.key);
    own.set(headerKey(c.key), c.key);
  }
  for (const a of aliases) own.set(headerKey(a.alias), a.column);
  const indexOf = new Map<string, number>();
  const used = new Set<number>();
  for (const lookup of [own, known]) {
    header.forEach((cell, index) => {
      const cellKey = headerKey(cell);
      const key = cellKey === '' ? undefined : lookup.get(cellKey);
      if (key && !indexOf.has(key) && !used.has(index)) {
        indexOf.set(key, index);
        used.add(index);
      }
    });
  }
  return { columns, indexOf, missing: columns.filter((c) => c.required && !indexOf.has(c.key)) };
};

const fail = (code: CellError['code'], message?: string): CellError => ({ code, message: message ?? ERROR_CATALOGUE[code].message });

/** Days from Excel's day 0 (1899-12-30, which absorbs Lotus's 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25_569;

/** DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD, or an Excel serial day number (a date cell saved as a number). */
export const parseDateText = (text: string): string | null => {
  const s = text.trim();
  if (/^\d{1,5}(\.\d+)?$/.test(s)) {
    const serial = Math.floor(Number(s));
    if (serial < 1) return null;
    return new Date((serial - EXCEL_EPOCH_OFFSET) * 86_400_000).toISOString().slice(0, 10);
  }
  if (s.length === 10 && isIsoDate(s)) return s;
  return parsePortalDate(s);
};

/**
 * "18", "0.25", "12.5", and "18%" as exports write rates: a number with at most 3 decimals, as thousandths (quantity)
 * or milli-percent (rate).
 */
export const parseThousandths = (text: string): number | null => {
  const match = /^(\d{1,12})(?:\.(\d{1,3}))?\s*%?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
};

export type CellValue = string | number | boolean | null;

/**
 * One cell by its column's format: text stays text (max length checked), dates become ISO, amounts paise,
 * percent and quantity thousandths, yes/no a boolean, choices their canonical spelling. Blank gives null.
 * A formula is refused in every column: it was never evaluated, so its result is unknown.
 */
export const parseCell = (column: ImportColumn, raw: string): { value: CellValue } | { error: CellError } => {
  const text = raw.trim();
  if (text === '') return column.required ? { error: fail('IMP0009') } : { value: null };
  if (text.startsWith('=')) return { error: fail('IMP0015') };
  switch (column.format) {
    case 'text':
      return column.maxLength !== null && text.length > column.maxLength
        ? { error: fail('IMP0012', `At most ${column.maxLength} characters.`) }
        : { value: text };
    case 'gstin':
      return text.length > 15 ? { error: fail('IMP0012', 'A GSTIN has 15 characters.') } : { value: text.toUpperCase() };
    case 'date': {
      const iso = parseDateText(text);
      return iso ? { value: iso } : { error: fail('IMP0010') };
    }
    case 'amount': {
      const result = parseAmount(text);
      return result.ok ? { value: result.paise } : { error: fail('IMP0011', AMOUNT_MESSAGES[result.code]) };
    }
    case 'percent':
    case 'quantity': {
      const thousandths = parseThousandths(text);
      return thousandths === null ? { error: fail('IMP0016', 'A number with at most 3 decimals.') } : { value: thousandths };
    }
    case 'stateCode': {
      const state = stateCodeOfText(text);
      return state.ok ? { value: state.code } : { error: fail('IMP0013', state.message) };
    }
    case 'yesNo': {
      const yes = /^(y|yes|true)$/i.test(text);
      return yes || /^(n|no|false)$/i.test(text) ? { value: yes } : { error: fail('IMP0013', 'Y or N.') };
    }
    case 'choice': {
      const found = column.choices?.find((choice) => choice.toLowerCase() === text.toLowerCase());
      return found ? { value: found } : { error: fail('IMP0013', `One of: ${(column.choices ?? []).join(', ')}.`) };
    }
  }
};
