import { AUDIT_TRAIL_REPORT, REGISTER_REPORTS } from '@opengst/contracts';
import { describe, expect, it } from 'vitest';
import { auditTrail } from '../../db/schema';
import { checkSource, exportCell, exportColumnsOf, type ReportSource } from './report.queries';

describe('report queries', () => {
  it('writes each kind of cell as a spreadsheet reader expects it', () => {
    expect(exportCell('money', 12345678)).toBe(123456.78);
    expect(exportCell('money', -5000)).toBe(-50);
    expect(exportCell('rate', 18000)).toBe(18);
    expect(exportCell('quantity', 2500)).toBe(2.5);
    expect(exportCell('count', 7)).toBe(7);
    // Dates are Excel dates (the day at 00:00 UTC, as exceljs writes it); times the India wall clock.
    expect(exportCell('date', '2025-04-01')).toEqual(new Date('2025-04-01T00:00:00Z'));
    // 18:45 UTC is 00:15 the next day in India.
    expect(exportCell('dateTime', '2025-03-31T18:45:00.000Z')).toEqual(new Date('2025-04-01T00:15:00Z'));
    expect(exportCell('period', '042025')).toBe('Apr 2025');
    expect(exportCell('flag', true)).toBe('Y');
    expect(exportCell('flag', false)).toBe('N');
    expect(exportCell('code', '27AAPFU0939F1ZV')).toBe('27AAPFU0939F1ZV');
    expect(exportCell('money', null)).toBeNull();
  });

  it("heads the export's columns with the labels' English text, in the report's order", () => {
    expect(exportColumnsOf(REGISTER_REPORTS.Purchase.columns).map((c) => c.header)).toEqual([
      'Date',
      'Number',
      'Type',
      'Supplier',
      'GSTIN',
      'Location',
      'Location GSTIN',
      'Period',
      'Taxable',
      'IGST',
      'CGST',
      'SGST',
      'Cess',
      'Value',
      'Status',
      'Updated',
    ]);
  });

  it('exports statuses by their labels and dates in a date format', () => {
    const columns = exportColumnsOf(REGISTER_REPORTS.Sales.columns);
    const status = columns.find((c) => c.header === 'Status');
    expect(status?.value({ status: 'YetNotGenerated' })).toBe('Yet not generated');
    expect(columns.find((c) => c.header === 'Date')?.numFmt).toBe('dd-mm-yyyy');
    expect(columns.find((c) => c.header === 'Taxable')?.numFmt).toBe('#,##0.00');
  });

  it('refuses, when served, a source without a column for a sortable or total column of its report', () => {
    const source: ReportSource<typeof AUDIT_TRAIL_REPORT> = {
      table: auditTrail,
      id: auditTrail.id,
      sortColumns: { createdAt: auditTrail.createdAt, entityType: auditTrail.entityType },
      totalColumns: {},
      scope: async () => ({ condition: undefined }),
      rowsOf: async () => [],
    };
    expect(() => checkSource(AUDIT_TRAIL_REPORT, source)).toThrow('Report Audit trail: its source has no sort column action.');
    expect(() =>
      checkSource(AUDIT_TRAIL_REPORT, { ...source, sortColumns: { ...source.sortColumns, action: auditTrail.action } }),
    ).not.toThrow();
  });
});
