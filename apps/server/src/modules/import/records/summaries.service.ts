// Sales and purchase summaries → document_summaries: B2C small supplies (GSTR-1 table 7), advances received and
// adjusted (11A, 11B), nil-rated/exempt/non-GST supplies (table 8) and documents issued (table 13), one row each.
// Columns a summary type does not use are stored at their empty value, so the table's unique key identifies every row.
import type { SUMMARY_TYPES } from '@opengst/contracts';
import {
  computeTax,
  daysInMonth,
  financialYearOfPeriod,
  formatRupees,
  isPlaceOfSupplyCode,
  parseReturnPeriod,
  periodStart,
  rateStatusOn,
  VAL_CODES,
  validateGstin,
} from '@opengst/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { documentSummaries } from '../../../db/schema';
import type { Location } from './locations.queries';
import { rowError, type RecordHandler, type RowIssue, type RowValues } from './record-handler.rules';

type SummaryType = (typeof SUMMARY_TYPES)[number];

export type SummaryRecord = {
  entityId: number;
  financialYear: string;
  returnPeriod: string;
  summaryType: SummaryType;
  placeOfSupply: string;
  supplyType: string;
  rate: number;
  ecommerceGstin: string;
  documentNature: number;
  fromNumber: string;
  toNumber: string;
  totalNumber: number;
  cancelledNumber: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  nilRated: number;
  exempted: number;
  nonGst: number;
};

const BATCH = 500;
/** Tax may differ from taxable × rate by this much (₹1, spec core §9 default deviation) before it is refused. */
const TOLERANCE_PAISE = 100;
/** GSTR-1 inum: the series' numbers as the invoices carry them (Rule 46(b)). */
const SERIAL = /^[A-Za-z0-9/-]{1,16}$/;
const MONEY = ['taxable', 'igst', 'cgst', 'sgst', 'cess', 'nilRated', 'exempted', 'nonGst'] as const;
const TAX_HEADS: ReadonlySet<string> = new Set(['igst', 'cgst', 'sgst', 'cess']);

const val = (column: string, code: keyof typeof VAL_CODES, detail?: string): RowIssue => ({
  column,
  code,
  message: detail ?? VAL_CODES[code].message,
  type: VAL_CODES[code].type,
});

/** "42024" is what Excel leaves of 042024 typed in a number cell. */
const periodText = (value: string | null): string => (value && /^\d{5}$/.test(value) ? `0${value}` : (value ?? ''));

const lastDayOf = (period: string): string => {
  const p = parseReturnPeriod(period);
  return p ? `${period.slice(2)}-${period.slice(0, 2)}-${String(daysInMonth(p.year, p.month)).padStart(2, '0')}` : '';
};

/** The tax heads of a taxed summary (B2CS, advances): IGST for inter-State, CGST = SGST for intra-State, ≈ taxable × rate. */
const checkTaxes = (r: SummaryRecord, locationState: string, issues: RowIssue[]): void => {
  const nature = r.placeOfSupply === locationState ? 'INTRA' : 'INTER';
  if (nature === 'INTRA' && r.igst !== 0) issues.push(val('igst', 'VAL0016'));
  if (nature === 'INTER' && (r.cgst !== 0 || r.sgst !== 0)) issues.push(val(r.cgst !== 0 ? 'cgst' : 'sgst', 'VAL0017'));
  if (nature === 'INTRA' && r.cgst !== r.sgst) issues.push(val('sgst', 'VAL0018'));
  if (issues.some((i) => i.type === 'Error')) return;
  const expected = computeTax({ taxable: r.taxable, ratePercent: r.rate / 1000, nature });
  for (const head of ['igst', 'cgst', 'sgst'] as const) {
    if (Math.abs(r[head] - expected[head]) > TOLERANCE_PAISE) {
      issues.push(
        val(
          head,
          'VAL0568',
          `${VAL_CODES.VAL0568.message} Expected ${formatRupees(expected[head])} at ${r.rate / 1000}% on ${formatRupees(r.taxable)}.`,
        ),
      );
      return;
    }
  }
};

/** Whole numbers of documents (the column reads thousandths). */
const countOf = (value: unknown, column: string, issues: RowIssue[]): number => {
  const thousandths = (value as number | null) ?? 0;
  if (thousandths % 1000 !== 0) issues.push(rowError(column, 'IMP0016', 'A whole number of documents.'));
  return Math.floor(thousandths / 1000);
};

export const summaryHandler = (
  direction: 'Sales' | 'Purchase',
  subscriberId: number,
  importId: number,
  userId: number,
  locations: ReadonlyMap<string, Location>,
  today: string,
): RecordHandler<SummaryRecord> => ({
  check: (values: RowValues) => {
    const issues: RowIssue[] = [];
    const location = locations.get(values.locationGstin as string);
    if (!location)
      issues.push(rowError('locationGstin', 'IMP0014', 'This GSTIN is not one of your locations, or you have no access to it.'));
    const returnPeriod = periodText(values.returnPeriod as string | null);
    const period = parseReturnPeriod(returnPeriod);
    if (!period) issues.push(rowError('returnPeriod', 'IMP0010', 'A return period MMYYYY from 072017 on (e.g. 042024).'));
    else if (periodStart(returnPeriod) > today) issues.push(rowError('returnPeriod', 'IMP0010', 'The return period has not begun yet.'));
    for (const key of MONEY) {
      if (((values[key] as number | null) ?? 0) < 0) issues.push(val(key, TAX_HEADS.has(key) ? 'VAL0046' : 'VAL0020'));
    }
    const money = (key: (typeof MONEY)[number]) => (values[key] as number | null) ?? 0;
    const summaryType = values.summaryType as SummaryType;
    const record: SummaryRecord = {
      entityId: location?.entityId ?? 0,
      financialYear: period ? financialYearOfPeriod(returnPeriod) : '',
      returnPeriod,
      summaryType,
      placeOfSupply: '',
      supplyType: '',
      rate: 0,
      ecommerceGstin: '',
      documentNature: 0,
      fromNumber: '',
      toNumber: '',
      totalNumber: 0,
      cancelledNumber: 0,
      taxable: 0,
      igst: 0,
      cgst: 0,
      sgst: 0,
      cess: 0,
      nilRated: 0,
      exempted: 0,
      nonGst: 0,
    };
    switch (summaryType) {
      case 'B2CS':
      case 'AdvanceReceived':
      case 'AdvanceAdjusted': {
        const pos = values.placeOfSupply as string | null;
        // GSTR-1 state_cd: 01-38 and 97; 96 (other country) is an export, never a B2C or advance line.
        if (pos === null) issues.push(rowError('placeOfSupply', 'IMP0009', 'The place of supply is required for this summary type.'));
        else if (!isPlaceOfSupplyCode(pos) || pos === '96') issues.push(val('placeOfSupply', 'VAL0438'));
        const rate = values.rate as number | null;
        if (rate === null) issues.push(rowError('rate', 'IMP0009', 'The rate is required for this summary type.'));
        else if (period) {
          const statuses = [rateStatusOn(rate, periodStart(returnPeriod)), rateStatusOn(rate, lastDayOf(returnPeriod))];
          if (statuses.every((s) => s === 'invalid'))
            issues.push(val('rate', 'VAL0566', `${VAL_CODES.VAL0566.message} ${rate / 1000}% is not a GST rate in ${returnPeriod}.`));
          else if (!statuses.includes('valid')) issues.push(val('rate', 'VAL0019'));
        }
        if (values.taxable === null)
          issues.push(
            rowError(
              'taxable',
              'IMP0009',
              summaryType === 'B2CS' ? 'The taxable value is required.' : 'The amount of the advance is required.',
            ),
          );
        Object.assign(record, {
          placeOfSupply: pos ?? '',
          rate: rate ?? 0,
          taxable: money('taxable'),
          igst: money('igst'),
          cgst: money('cgst'),
          sgst: money('sgst'),
          cess: money('cess'),
        });
        const ecommerce = summaryType === 'B2CS' ? (values.ecommerceGstin as string | null) : null;
        if (ecommerce) {
          const result = validateGstin(ecommerce);
          if (!result.ok) issues.push(val('ecommerceGstin', 'VAL0437', `${VAL_CODES.VAL0437.message} ${result.message}`));
          else if (result.kind !== 'tcs')
            issues.push(
              val(
                'ecommerceGstin',
                'VAL0437',
                'An e-commerce operator reports with its TCS registration: the 14th character of its GSTIN is C.',
              ),
            );
          record.ecommerceGstin = ecommerce;
        }
        if (location && pos && !issues.some((i) => i.type === 'Error')) checkTaxes(record, location.stateCode, issues);
        break;
      }
      case 'NilExemptNonGst': {
        const supplyType = values.supplyType as string | null;
        if (supplyType === null)
          issues.push(rowError('supplyType', 'IMP0009', 'The nil supply type is required: INTRB2B, INTRB2C, INTRAB2B or INTRAB2C.'));
        if (values.nilRated === null && values.exempted === null && values.nonGst === null) {
          issues.push(rowError('nilRated', 'IMP0009', 'Enter the nil-rated, exempted or non-GST amount.'));
        }
        Object.assign(record, {
          supplyType: supplyType ?? '',
          nilRated: money('nilRated'),
          exempted: money('exempted'),
          nonGst: money('nonGst'),
        });
        break;
      }
      case 'DocumentsIssued': {
        const nature = values.documentNature as string | null;
        if (nature === null) issues.push(rowError('documentNature', 'IMP0009', 'The nature of the documents (1 to 12) is required.'));
        for (const key of ['fromNumber', 'toNumber'] as const) {
          const serial = values[key] as string | null;
          if (serial === null) issues.push(rowError(key, 'IMP0009', 'The first and last numbers of the series are required.'));
          else if (!SERIAL.test(serial)) issues.push(val(key, 'VAL0065'));
        }
        if (values.totalNumber === null) issues.push(rowError('totalNumber', 'IMP0009', 'The number of documents issued is required.'));
        const total = countOf(values.totalNumber, 'totalNumber', issues);
        const cancelled = countOf(values.cancelledNumber, 'cancelledNumber', issues);
        // GSTR-1 table 13: net issued = total - cancelled, never negative.
        if (cancelled > total)
          issues.push(rowError('cancelledNumber', 'IMP0016', `Cancelled (${cancelled}) cannot exceed the total number (${total}).`));
        Object.assign(record, {
          documentNature: Number(nature ?? 0),
          fromNumber: (values.fromNumber as string | null) ?? '',
          toNumber: (values.toNumber as string | null) ?? '',
          totalNumber: total,
          cancelledNumber: cancelled,
        });
        break;
      }
    }
    return { record: issues.some((i) => i.type === 'Error') ? null : record, issues };
  },

  keyOf: (r) =>
    [
      r.entityId,
      r.returnPeriod,
      r.summaryType,
      r.placeOfSupply,
      r.supplyType,
      r.rate,
      r.ecommerceGstin,
      r.documentNature,
      r.fromNumber,
    ].join('|'),
  describeKey: (r) =>
    `${r.summaryType} ${r.returnPeriod}${r.placeOfSupply ? ` place of supply ${r.placeOfSupply}` : ''}${r.rate ? ` rate ${r.rate / 1000}%` : ''}${r.supplyType ? ` ${r.supplyType}` : ''}${r.documentNature ? ` nature ${r.documentNature} from ${r.fromNumber}` : ''}`,

  store: async (tx: Tx, records) => {
    for (let at = 0; at < records.length; at += BATCH) {
      const rows = records.slice(at, at + BATCH).map(({ record }) => ({
        ...record,
        subscriberId,
        direction,
        source: 'Import' as const,
        importId,
        createdBy: userId,
        updatedBy: userId,
      }));
      await tx
        .insert(documentSummaries)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            documentSummaries.subscriberId,
            documentSummaries.entityId,
            documentSummaries.direction,
            documentSummaries.returnPeriod,
            documentSummaries.summaryType,
            documentSummaries.placeOfSupply,
            documentSummaries.supplyType,
            documentSummaries.rate,
            documentSummaries.ecommerceGstin,
            documentSummaries.documentNature,
            documentSummaries.fromNumber,
          ],
          set: {
            financialYear: sql`excluded.financial_year`,
            toNumber: sql`excluded.to_number`,
            totalNumber: sql`excluded.total_number`,
            cancelledNumber: sql`excluded.cancelled_number`,
            taxable: sql`excluded.taxable`,
            igst: sql`excluded.igst`,
            cgst: sql`excluded.cgst`,
            sgst: sql`excluded.sgst`,
            cess: sql`excluded.cess`,
            nilRated: sql`excluded.nil_rated`,
            exempted: sql`excluded.exempted`,
            nonGst: sql`excluded.non_gst`,
            source: 'Import',
            importId,
            updatedBy: userId,
            updatedAt: sql`now()`,
          },
        });
    }
    return { written: records.length, issues: [] };
  },
});
