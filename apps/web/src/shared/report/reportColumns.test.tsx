import { describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_REPORT, REGISTER_REPORTS } from '@opengst/contracts';
import { cellText, reportColumn, reportColumns } from './reportColumns';

const t = (key: string) => `«${key}»`;

describe('report columns', () => {
  it('reads each kind the way the screen shows it', () => {
    expect(cellText('money', 12345678)).toBe('1,23,456.78');
    expect(cellText('count', 1234567)).toBe('12,34,567');
    expect(cellText('rate', 2500)).toBe('2.5%');
    expect(cellText('quantity', 1500)).toBe('1.5');
    expect(cellText('date', '2025-04-01')).toBe('01-04-2025');
    expect(cellText('flag', true)).toBe('Y');
    expect(cellText('text', null)).toBe('');
  });

  it("takes header, sort, width and alignment from the report's column, and lets a screen override them", () => {
    const taxable = reportColumn(REGISTER_REPORTS.Sales, 'taxable', t);
    expect(taxable).toMatchObject({ key: 'taxable', header: '«register.taxable»', sortKey: 'taxable', width: 120, isNumeric: true });
    expect(reportColumn(REGISTER_REPORTS.Sales, 'igst', t).sortKey).toBeUndefined();
    expect(reportColumn(AUDIT_TRAIL_REPORT, 'userName', t, { header: 'By' }).header).toBe('By');
    expect(reportColumns(AUDIT_TRAIL_REPORT, t).map((c) => c.key)).toEqual(AUDIT_TRAIL_REPORT.columns.map((c) => c.key));
  });
});
