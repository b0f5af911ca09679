import { describe, expect, it } from 'vitest';
import { API_ROOT } from './api';
import { reportFileName } from './report';
import { AUDIT_TRAIL_REPORT } from './reports/reports.endpoints';
import { REGISTER_REPORTS } from './returns/registers.endpoints';

describe('defineReport', () => {
  it('derives the search and export endpoints, the sort fields and the file name from one definition', () => {
    const sales = REGISTER_REPORTS.Sales;
    expect(sales.endpoints.search).toMatchObject({ method: 'POST', path: `${API_ROOT}/regular/sale/search` });
    expect(sales.endpoints.export).toMatchObject({ method: 'POST', path: `${API_ROOT}/regular/sale/export`, response: 'file' });
    expect(sales.sortFields).toEqual([
      'documentDate',
      'documentNumber',
      'documentType',
      'counterpartyName',
      'counterpartyGstin',
      'returnPeriod',
      'taxable',
      'documentValue',
      'status',
      'updatedAt',
    ]);
    expect(reportFileName(sales)).toBe('sales-register.xlsx');
    expect(reportFileName(AUDIT_TRAIL_REPORT)).toBe('audit-trail.xlsx');
  });

  it('checks a search answer: every total column present as integer paise', () => {
    const response = REGISTER_REPORTS.Purchase.endpoints.search.response;
    const totals = { taxable: 100, igst: 18, cgst: 0, sgst: 0, cess: 0, documentValue: 118 };
    expect(response.safeParse({ items: [], totalRecords: 0, totals }).success).toBe(true);
    expect(response.safeParse({ items: [], totalRecords: 0, totals: { ...totals, cess: undefined } }).success).toBe(false);
    expect(response.safeParse({ items: [], totalRecords: 0, totals: { ...totals, taxable: 1.5 } }).success).toBe(false);
    expect(AUDIT_TRAIL_REPORT.endpoints.search.response.safeParse({ items: [], totalRecords: 0, totals: {} }).success).toBe(true);
  });

  it('pages by the installation setting unless the caller sizes the page, and refuses a page over 1,000', () => {
    const body = AUDIT_TRAIL_REPORT.endpoints.search.body;
    expect(body.parse({})).toEqual({ start: 0 });
    expect(body.safeParse({ size: 1001 }).success).toBe(false);
  });
});
