import { formatInr, parseAmount } from '@opengst/domain';
import {
  GSTR3B_COLUMNS,
  GSTR3B_FIGURE_LAYOUT,
  GSTR3B_TABLES,
  type Gstr3bAmounts,
  type Gstr3bColumn,
  type Gstr3bDetail,
  type Gstr3bRow,
  type Gstr3bTable,
  type Gstr3bUserFigure,
} from '@opengst/contracts';

// What /gstr-3b derives from the detail: the rows by table, the user's edits (a draft of text per cell) resolved to
// the figures to save, and which figures changed. Pure, so the screen only draws.

/** A row's identity: its figure and, in table 3.2, its place of supply. */
export const rowKeyOf = (row: Pick<Gstr3bRow, 'figure' | 'placeOfSupply'>): string => `${row.figure}|${row.placeOfSupply ?? ''}`;

export const rowsByTable = (rows: readonly Gstr3bRow[]): { table: Gstr3bTable; rows: Gstr3bRow[] }[] =>
  GSTR3B_TABLES.map((table) => ({ table, rows: rows.filter((row) => GSTR3B_FIGURE_LAYOUT[row.figure].table === table) })).filter(
    (group) => group.rows.length > 0,
  );

/** Table 4's parts (A) to (D), from the figure key ('4A1' -> 'A'). */
export const itcPartOf = (row: Gstr3bRow): 'A' | 'B' | 'C' | 'D' | null => {
  const part = /^4([ABCD])/.exec(row.figure)?.[1];
  return part === 'A' || part === 'B' || part === 'C' || part === 'D' ? part : null;
};

export const hasColumn = (row: Gstr3bRow, column: Gstr3bColumn): boolean => row.columns.includes(column);
export const sourceCount = (row: Gstr3bRow): number => row.sources.documents + row.sources.gstr2b + row.sources.summaries;

/** The text of one edited cell, per row key then column; a row absent is as saved. */
export type Draft = Readonly<Record<string, Partial<Record<Gstr3bColumn, string>>>>;

/** What an input shows before any edit: the user's saved figure, or empty (the system figure stands). */
export const savedText = (row: Gstr3bRow, column: Gstr3bColumn): string => (row.user ? formatInr(row.user[column]) : '');

export const cellText = (draft: Draft, row: Gstr3bRow, column: Gstr3bColumn): string =>
  draft[rowKeyOf(row)]?.[column] ?? savedText(row, column);

export type ResolvedRow = {
  /** The figure as it would be saved; null: the system figure stands. */
  amounts: Gstr3bAmounts | null;
  invalid: Gstr3bColumn[];
};

const ZERO: Gstr3bAmounts = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };

/** A row's cells read as a figure: an empty cell takes the system's amount; every cell empty, the system figure. */
export const resolveRow = (draft: Draft, row: Gstr3bRow): ResolvedRow => {
  const amounts: Gstr3bAmounts = { ...ZERO };
  const invalid: Gstr3bColumn[] = [];
  let isAnyEntered = false;
  for (const column of row.columns) {
    const text = cellText(draft, row, column).trim();
    if (text === '') {
      amounts[column] = row.system[column];
      continue;
    }
    isAnyEntered = true;
    const parsed = parseAmount(text);
    if (parsed.ok) amounts[column] = parsed.paise;
    else invalid.push(column);
  }
  return { amounts: isAnyEntered ? amounts : null, invalid };
};

export const sameAmounts = (a: Gstr3bAmounts, b: Gstr3bAmounts): boolean => GSTR3B_COLUMNS.every((column) => a[column] === b[column]);

/** Whether the row's resolved figure differs from what is saved (entering the system's own figure changes nothing). */
const isChanged = (row: Gstr3bRow, resolved: ResolvedRow): boolean => {
  if (resolved.amounts === null) return row.user !== null;
  return row.user === null ? !sameAmounts(resolved.amounts, row.system) : !sameAmounts(resolved.amounts, row.user);
};

export type DraftState = {
  /** Only the figures that changed, as the save request takes them, each with its row. */
  changes: { row: Gstr3bRow; figure: Gstr3bUserFigure }[];
  /** Cells that do not read as an amount, by row key. */
  invalid: Readonly<Record<string, readonly Gstr3bColumn[]>>;
};

export const draftStateOf = (rows: readonly Gstr3bRow[], draft: Draft): DraftState => {
  const changes: DraftState['changes'] = [];
  const invalid: Record<string, Gstr3bColumn[]> = {};
  for (const row of rows) {
    if (row.lock || !draft[rowKeyOf(row)]) continue;
    const resolved = resolveRow(draft, row);
    if (resolved.invalid.length > 0) {
      invalid[rowKeyOf(row)] = resolved.invalid;
      continue;
    }
    if (!isChanged(row, resolved)) continue;
    const amounts =
      resolved.amounts === null ? null : Object.fromEntries(row.columns.map((column) => [column, resolved.amounts?.[column] ?? 0]));
    changes.push({
      row,
      figure: { figure: row.figure, ...(row.placeOfSupply ? { placeOfSupply: row.placeOfSupply } : {}), amounts },
    });
  }
  return { changes, invalid };
};

/** The difference to show: the draft's where the row is edited, else the saved one. */
export const differenceOf = (draft: Draft, row: Gstr3bRow): Gstr3bAmounts | null => {
  if (!draft[rowKeyOf(row)]) return row.difference;
  const { amounts, invalid } = resolveRow(draft, row);
  if (amounts === null || invalid.length > 0) return null;
  const difference = { ...ZERO };
  for (const column of row.columns) difference[column] = amounts[column] - row.system[column];
  return difference;
};

/** A computation has completed once: the return has figures (a first one still running has none yet). */
export const isComputed = (detail: Pick<Gstr3bDetail, 'computedAt'>): boolean => detail.computedAt !== null;

/** A computation runs in the background: the screen reads the return again until it ends. */
export const isComputing = (detail: Pick<Gstr3bDetail, 'compute'>): boolean => detail.compute.status === 'InProgress';

/** The share of the rows read, 0 to 100; null while their number is not known yet. */
export const computePercent = ({ compute }: Pick<Gstr3bDetail, 'compute'>): number | null =>
  compute.stage === 'compute' || compute.stage === 'store'
    ? 100
    : compute.total > 0
      ? Math.min(100, Math.round((compute.done / compute.total) * 100))
      : null;

/** Submitted, signed or filed: the figures are the portal's and cannot be computed or entered again (RET0007). */
export const isAtPortal = (detail: Pick<Gstr3bDetail, 'status'>): boolean =>
  detail.status === 'Submitted' || detail.status === 'Signed' || detail.status === 'Filed';

/** A row may be edited by a preparer while the return is computed and not yet submitted, and the form does not lock it. */
export const canEditFigures = (detail: Pick<Gstr3bDetail, 'computedAt' | 'status'>, canPrepare: boolean): boolean =>
  canPrepare && isComputed(detail) && !isAtPortal(detail);

const FIGURE_PROPERTY = /^figures\[(\d+)\]/;

/** A save's refusal item by the row it names (`figures[i].amounts` is the i-th figure sent); the rest are general. */
export const refusalsByRow = (
  items: readonly { message: string; propertyName?: string | null | undefined }[],
  sent: readonly { row: Gstr3bRow }[],
): { byRow: Record<string, string[]>; general: string[] } => {
  const byRow: Record<string, string[]> = {};
  const general: string[] = [];
  for (const item of items) {
    const index = FIGURE_PROPERTY.exec(item.propertyName ?? '')?.[1];
    const row = index === undefined ? undefined : sent[Number(index)]?.row;
    if (row) (byRow[rowKeyOf(row)] ??= []).push(item.message);
    else general.push(item.message);
  }
  return { byRow, general };
};
