// The reconciliation workbook (summary by status, by supplier, by document with the differences) and one supplier's
// workbook, ready to send to that supplier: its documents as we booked them and as it reported them, the difference
// and what we ask of it.
import { RESOURCES, type ReconciliationRow, type RowFilters, type StatusCount } from '@opengst/contracts';
import { periodLabel } from '@opengst/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { reconciliationRows, reconciliationVendors } from '../../db/schema';
import { EXCEL_AMOUNT, EXCEL_DATE, excelDate, sheetOf, writeXlsxSheets, type XlsxColumn } from '../../files/xlsx-writer';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { assertExportSize, EXPORT_MAX_ROWS } from '../../platform/reports/report.queries';
import { rowConditions, rowsByIds } from './reports.source';
import { visibleRun } from './runs.service';

const rupees = (paise: number | null | undefined) => (paise === null || paise === undefined ? null : paise / 100);
const money = <T>(header: string, value: (r: T) => number | null | undefined): XlsxColumn<T> => ({
  header,
  numFmt: EXCEL_AMOUNT,
  value: (r) => rupees(value(r)),
});
const statusLabel = (status: string) => (RESOURCES as Record<string, string>)[`reconciliation.status.${status}`] ?? status;

/** What we ask of the supplier for a row of each status (the vendor workbook's last column). */
const REQUEST: Record<string, string> = {
  'PR only': 'Not in your GSTR-1 to us: please report it (or tell us it is not yours).',
  'Awaiting 2B': 'In our GSTR-2A, not yet in a GSTR-2B: nothing to do, it comes with our next GSTR-2B.',
  Mismatched: 'Your GSTR-1 differs from your invoice: please amend it to the amounts above.',
  'Near matched': 'Please confirm the invoice number you reported.',
  'Recipient GSTIN differs': 'Reported against another GSTIN of ours: please amend the recipient GSTIN.',
  'GST only': 'We have no record of this document: please send a copy or tell us if it was reported to us by mistake.',
};

const documentColumns = (withRequest: boolean): XlsxColumn<ReconciliationRow>[] => [
  { header: 'Status', value: (r) => statusLabel(r.status) },
  { header: 'Supplier GSTIN', width: 18, value: (r) => r.supplierGstin },
  { header: 'Supplier', width: 24, value: (r) => r.supplierName },
  { header: 'Our GSTIN', width: 18, value: (r) => r.gstin },
  { header: 'Reported to GSTIN', width: 18, value: (r) => r.portalGstin },
  { header: 'Type', value: (r) => r.documentType },
  { header: 'Books number', width: 18, value: (r) => r.booksNumber },
  { header: 'Books date', numFmt: EXCEL_DATE, value: (r) => excelDate(r.booksDate) },
  { header: 'Books period', value: (r) => (r.booksPeriod ? periodLabel(r.booksPeriod) : null) },
  money('Books taxable', (r) => r.booksTaxable),
  money('Books tax', (r) => r.booksTax),
  { header: 'Portal number', width: 18, value: (r) => r.portalNumber },
  { header: 'Portal date', numFmt: EXCEL_DATE, value: (r) => excelDate(r.portalDate) },
  { header: 'Portal period', value: (r) => (r.portalPeriod ? periodLabel(r.portalPeriod) : null) },
  money('Portal taxable', (r) => r.portalTaxable),
  money('Portal tax', (r) => r.portalTax),
  money('Taxable difference (portal - books)', (r) => r.taxableDifference),
  money('Tax difference (portal - books)', (r) => r.taxDifference),
  ...(withRequest
    ? [{ header: 'What we ask', width: 60, value: (r: ReconciliationRow) => REQUEST[r.status] ?? '' }]
    : [money<ReconciliationRow>('ITC at risk', (r) => r.itcAtRisk), { header: 'Action', value: (r: ReconciliationRow) => r.action }]),
];

const statusColumns: XlsxColumn<StatusCount>[] = [
  { header: 'Status', width: 26, value: (s) => statusLabel(s.status) },
  { header: 'Rows', value: (s) => s.rows },
  { header: 'Books documents', value: (s) => s.booksDocuments },
  { header: 'Portal documents', value: (s) => s.portalDocuments },
  money('Books taxable', (s) => s.booksTaxable),
  money('Portal taxable', (s) => s.portalTaxable),
  money('Books tax', (s) => s.booksTax),
  money('Portal tax', (s) => s.portalTax),
  money('Tax difference (portal - books)', (s) => s.portalTax - s.booksTax),
];

const rowsWhere = async (db: DbOrTx, runId: number, condition: ReturnType<typeof rowConditions>): Promise<ReconciliationRow[]> => {
  const [n] = await db.select({ n: count() }).from(reconciliationRows).where(condition);
  assertExportSize(n?.n ?? 0, EXPORT_MAX_ROWS);
  const ids = (
    await db.select({ id: reconciliationRows.id }).from(reconciliationRows).where(condition).orderBy(asc(reconciliationRows.id))
  ).map((r) => r.id);
  const out: ReconciliationRow[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = await rowsByIds(db, ids.slice(i, i + 5000), runId);
    const byId = new Map(chunk.map((r) => [r.id, r]));
    for (const id of ids.slice(i, i + 5000)) out.push(byId.get(id)!);
  }
  return out;
};

export const reconciliationWorkbook = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  runId: number,
  filters: Omit<RowFilters, 'runId'> | undefined,
): Promise<{ content: Buffer; rows: number }> => {
  const run = await visibleRun(db, principal, runId);
  if (run.status !== 'Completed') throw new AppError('REC0003');
  const rows = await rowsWhere(db, runId, rowConditions({ ...filters, runId }));
  const vendors = await db
    .select()
    .from(reconciliationVendors)
    .where(eq(reconciliationVendors.runId, runId))
    .orderBy(asc(reconciliationVendors.supplierGstin));
  type Vendor = (typeof vendors)[number];
  const content = await writeXlsxSheets([
    sheetOf('Summary', statusColumns, run.byStatus as StatusCount[]),
    sheetOf<Vendor>(
      'By supplier',
      [
        { header: 'Supplier GSTIN', width: 18, value: (v) => v.supplierGstin },
        { header: 'Supplier', width: 28, value: (v) => v.supplierName },
        { header: 'Matched', value: (v) => v.matched },
        { header: 'Within tolerance', value: (v) => v.matchedWithTolerance },
        { header: 'Mismatched', value: (v) => v.mismatched },
        { header: 'Near matched', value: (v) => v.nearMatched },
        { header: 'Other GSTIN', value: (v) => v.recipientDiffers },
        { header: 'PR only', value: (v) => v.booksOnly },
        { header: 'Awaiting 2B', value: (v) => v.awaiting2b },
        { header: 'GST only', value: (v) => v.portalOnly },
        money('Books tax', (v) => v.booksTax),
        money('Portal tax', (v) => v.portalTax),
        money('ITC at risk', (v) => v.itcAtRisk),
        money('ITC not in books', (v) => v.itcNotInBooks),
      ],
      vendors,
    ),
    sheetOf('By document', documentColumns(false), rows),
  ]);
  return { content, rows: rows.length };
};

export const vendorWorkbook = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  runId: number,
  supplierGstin: string,
): Promise<{ content: Buffer; rows: number; supplierGstin: string }> => {
  const run = await visibleRun(db, principal, runId);
  if (run.status !== 'Completed') throw new AppError('REC0003');
  const gstin = supplierGstin.trim().toUpperCase();
  const rows = await rowsWhere(db, runId, and(rowConditions({ runId, supplierGstins: [gstin] })));
  if (rows.length === 0) throw new AppError('REC0001', { message: `Supplier ${gstin} has no documents in this reconciliation.` });
  const period = `${periodLabel(run.fromPeriod)} to ${periodLabel(run.toPeriod)}`;
  const name = rows[0]!.supplierName ?? gstin;
  type Line = { label: string; value: string };
  const cover: Line[] = [
    { label: 'Supplier', value: `${name} (${gstin})` },
    { label: 'Our GSTINs', value: run.gstins.join(', ') },
    { label: 'Periods', value: period },
    { label: 'Compared with', value: run.portalSource === 'GSTR2B' ? 'GSTR-2B' : 'GSTR-2A' },
    ...Object.entries(rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})).map(
      ([status, n]) => ({ label: statusLabel(status), value: String(n) }),
    ),
  ];
  const content = await writeXlsxSheets([
    sheetOf<Line>(
      'Summary',
      [
        { header: 'Item', width: 24, value: (l) => l.label },
        { header: 'Value', width: 60, value: (l) => l.value },
      ],
      cover,
    ),
    sheetOf(
      'Documents',
      documentColumns(true),
      rows.filter((r) => r.status !== 'Excluded' && r.status !== 'Discarded'),
    ),
  ]);
  return { content, rows: rows.length, supplierGstin: gstin };
};
