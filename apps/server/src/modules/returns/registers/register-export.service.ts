// The register export: every matching document, one row per item line with the document's header columns, in the
// list's sort order. Amounts in rupees (a credit note's negative), rates in percent, quantities in the unit (the stored
// integers divided back), dates as Excel dates, periods as "Oct 2026", statuses by their labels.
import { type Direction, documentStatusLabel, REGISTER_DEFAULT_SORT, type RegisterFilters } from '@opengst/contracts';
import { count, eq, type SQL } from 'drizzle-orm';
import { documentSign, periodLabel } from '@opengst/domain';
import type { DbOrTx } from '../../../db/database';
import { documentItems, documents, entities } from '../../../db/schema';
import { EXCEL_AMOUNT, EXCEL_DATE, excelDate, writeXlsx, type XlsxColumn } from '../../../files/xlsx-writer';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { assertExportSize, EXPORT_MAX_ROWS } from '../../../platform/reports/report.queries';
import { REGISTER_SORT_COLUMNS, registerConditions } from './register.queries';

const d = documents;
const i = documentItems;

const selection = {
  locationGstin: entities.gstin,
  entityName: entities.entityName,
  financialYear: d.financialYear,
  returnPeriod: d.returnPeriod,
  documentType: d.documentType,
  documentNumber: d.documentNumber,
  documentDate: d.documentDate,
  supplyType: d.supplyType,
  counterpartyGstin: d.counterpartyGstin,
  counterpartyName: d.counterpartyName,
  placeOfSupply: d.placeOfSupply,
  isReverseCharge: d.isReverseCharge,
  originalDocumentNumber: d.originalDocumentNumber,
  originalDocumentDate: d.originalDocumentDate,
  status: d.status,
  source: d.source,
  documentValue: d.documentValue,
  lineNumber: i.lineNumber,
  hsn: i.hsn,
  description: i.description,
  uqc: i.uqc,
  quantity: i.quantity,
  rate: i.rate,
  taxable: i.taxable,
  igst: i.igst,
  cgst: i.cgst,
  sgst: i.sgst,
  cess: i.cess,
  itcEligibility: i.itcEligibility,
};
const exportRows = (db: DbOrTx, condition: SQL | undefined, orderBy: SQL[]) =>
  db
    .select(selection)
    .from(d)
    .innerJoin(entities, eq(entities.id, d.entityId))
    .leftJoin(i, eq(i.documentId, d.id))
    .where(condition)
    .orderBy(...orderBy, i.lineNumber);
type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** Rupees with the document's sign: a credit note's lines and value export negative, as the register totals them. */
const rupees = (row: ExportRow, paise: number | null) => (paise === null ? null : (documentSign(row.documentType) * paise) / 100);
const thousandths = (n: number | null) => (n === null ? null : n / 1000);

const columnsOf = (direction: Direction): XlsxColumn<ExportRow>[] => {
  const party = direction === 'Sales' ? 'Customer' : 'Supplier';
  return [
    { header: 'Location GSTIN', width: 18, value: (r) => r.locationGstin },
    { header: 'Location', width: 20, value: (r) => r.entityName },
    { header: 'Financial year', value: (r) => r.financialYear },
    { header: 'Return period', value: (r) => periodLabel(r.returnPeriod) },
    { header: 'Document type', value: (r) => r.documentType },
    { header: 'Document number', width: 18, value: (r) => r.documentNumber },
    { header: 'Document date', numFmt: EXCEL_DATE, value: (r) => excelDate(r.documentDate) },
    { header: 'Supply type', value: (r) => r.supplyType },
    { header: `${party} GSTIN`, width: 18, value: (r) => r.counterpartyGstin },
    { header: `${party} name`, width: 24, value: (r) => r.counterpartyName },
    { header: 'Place of supply', value: (r) => r.placeOfSupply },
    { header: 'Reverse charge', value: (r) => (r.isReverseCharge ? 'Y' : 'N') },
    { header: 'Original document number', value: (r) => r.originalDocumentNumber },
    { header: 'Original document date', numFmt: EXCEL_DATE, value: (r) => excelDate(r.originalDocumentDate) },
    { header: 'Status', width: 18, value: (r) => documentStatusLabel(r.status) },
    { header: 'Source', value: (r) => r.source },
    { header: 'Line', value: (r) => r.lineNumber },
    { header: 'HSN/SAC', value: (r) => r.hsn },
    { header: 'Description', width: 24, value: (r) => r.description },
    { header: 'UQC', value: (r) => r.uqc },
    { header: 'Quantity', value: (r) => thousandths(r.quantity) },
    { header: 'Rate (%)', value: (r) => thousandths(r.rate) },
    { header: 'Taxable value (₹)', numFmt: EXCEL_AMOUNT, value: (r) => rupees(r, r.taxable) },
    { header: 'IGST (₹)', numFmt: EXCEL_AMOUNT, value: (r) => rupees(r, r.igst) },
    { header: 'CGST (₹)', numFmt: EXCEL_AMOUNT, value: (r) => rupees(r, r.cgst) },
    { header: 'SGST/UTGST (₹)', numFmt: EXCEL_AMOUNT, value: (r) => rupees(r, r.sgst) },
    { header: 'Cess (₹)', numFmt: EXCEL_AMOUNT, value: (r) => rupees(r, r.cess) },
    { header: 'Document value (₹)', numFmt: EXCEL_AMOUNT, value: (r) => rupees(r, r.documentValue) },
    ...(direction === 'Purchase' ? [{ header: 'ITC eligibility', value: (r: ExportRow) => r.itcEligibility }] : []),
  ];
};

/** The workbook and its row count; refuses an export of more than `maxRows` (EXPORT_MAX_ROWS) item lines. */
export const exportRegister = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  direction: Direction,
  request: { sortExpression?: string | null; filters?: RegisterFilters },
  maxRows = EXPORT_MAX_ROWS,
): Promise<{ content: Buffer; rows: number }> => {
  const orderBy = orderByOf(request.sortExpression, { id: d.id, ...REGISTER_SORT_COLUMNS }, REGISTER_DEFAULT_SORT, d.id);
  const { condition } = await registerConditions(db, principal, direction, request.filters);
  const [lines] = await db.select({ n: count() }).from(d).leftJoin(i, eq(i.documentId, d.id)).where(condition);
  assertExportSize(lines?.n ?? 0, maxRows, 'item lines');
  const rows = await exportRows(db, condition, orderBy);
  const content = await writeXlsx(direction === 'Sales' ? 'Sales register' : 'Purchase register', columnsOf(direction), rows);
  return { content, rows: rows.length };
};
