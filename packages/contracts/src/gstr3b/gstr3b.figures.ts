// The figures of Form GSTR-3B as the product shows them (as amended by Notification 14/2022-CT: tables 3.1.1 and the
// new table 4, from the September 2022 period; GST-RULES-DETAIL §1.1): a stable key per row, its table, and the
// columns the form has for it. The screen draws a row's cells from these columns, and the server accepts a user's
// figure only in them.
import { z } from 'zod';

export const GSTR3B_FIGURES = [
  '3.1a',
  '3.1b',
  '3.1c',
  '3.1d',
  '3.1e',
  '3.1.1i',
  '3.1.1ii',
  '3.2unregistered',
  '3.2composition',
  '3.2uin',
  '4A1',
  '4A2',
  '4A3',
  '4A4',
  '4A5',
  '4B1',
  '4B2',
  '4C',
  '4D1',
  '4D2',
  '5gstInter',
  '5gstIntra',
  '5nonGstInter',
  '5nonGstIntra',
  '5.1interest',
  '5.1lateFee',
] as const;
export const Gstr3bFigureKeySchema = z.enum(GSTR3B_FIGURES);
export type Gstr3bFigureKey = z.infer<typeof Gstr3bFigureKeySchema>;

export const GSTR3B_TABLES = ['3.1', '3.1.1', '3.2', '4', '5', '5.1'] as const;
export type Gstr3bTable = (typeof GSTR3B_TABLES)[number];

export const GSTR3B_COLUMNS = ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const;
export type Gstr3bColumn = (typeof GSTR3B_COLUMNS)[number];

const ALL: readonly Gstr3bColumn[] = GSTR3B_COLUMNS;
const TAX: readonly Gstr3bColumn[] = ['igst', 'cgst', 'sgst', 'cess'];
const VALUE: readonly Gstr3bColumn[] = ['taxable'];
const PLACE: readonly Gstr3bColumn[] = ['taxable', 'igst'];

/** Each figure's table and the columns the form gives it. */
export const GSTR3B_FIGURE_LAYOUT: Readonly<Record<Gstr3bFigureKey, { table: Gstr3bTable; columns: readonly Gstr3bColumn[] }>> = {
  '3.1a': { table: '3.1', columns: ALL },
  // Zero-rated supplies carry IGST and cess only (s.16 IGST Act).
  '3.1b': { table: '3.1', columns: ['taxable', 'igst', 'cess'] },
  '3.1c': { table: '3.1', columns: VALUE },
  '3.1d': { table: '3.1', columns: ALL },
  '3.1e': { table: '3.1', columns: VALUE },
  '3.1.1i': { table: '3.1.1', columns: ALL },
  '3.1.1ii': { table: '3.1.1', columns: VALUE },
  '3.2unregistered': { table: '3.2', columns: PLACE },
  '3.2composition': { table: '3.2', columns: PLACE },
  '3.2uin': { table: '3.2', columns: PLACE },
  '4A1': { table: '4', columns: TAX },
  '4A2': { table: '4', columns: TAX },
  '4A3': { table: '4', columns: TAX },
  '4A4': { table: '4', columns: TAX },
  '4A5': { table: '4', columns: TAX },
  '4B1': { table: '4', columns: TAX },
  '4B2': { table: '4', columns: TAX },
  '4C': { table: '4', columns: TAX },
  '4D1': { table: '4', columns: TAX },
  '4D2': { table: '4', columns: TAX },
  '5gstInter': { table: '5', columns: VALUE },
  '5gstIntra': { table: '5', columns: VALUE },
  '5nonGstInter': { table: '5', columns: VALUE },
  '5nonGstIntra': { table: '5', columns: VALUE },
  '5.1interest': { table: '5.1', columns: TAX },
  // Late fee is levied under the CGST and SGST Acts only (s.47), none under IGST.
  '5.1lateFee': { table: '5.1', columns: ['cgst', 'sgst'] },
};

/** Table 3.2's rows, one per place of supply. */
export const isPlaceFigure = (figure: Gstr3bFigureKey): boolean => GSTR3B_FIGURE_LAYOUT[figure].table === '3.2';

/**
 * Why the user may not change a figure:
 * - outwardAutoPopulated: 3.1 (except (d)) and 3.1.1 are filled from GSTR-1/IFF/1A and not editable from the July 2025
 *   period (GSTN advisory of 7 June 2025);
 * - interStateAutoPopulated: table 3.2, likewise, from the November 2025 period (GSTN advisory of December 2025);
 * - computed: 4C is 4A less 4B, never entered.
 */
export const Gstr3bLockCodeSchema = z.enum(['outwardAutoPopulated', 'interStateAutoPopulated', 'computed']);
export type Gstr3bLockCode = z.infer<typeof Gstr3bLockCodeSchema>;
