import { describe, expect, it } from 'vitest';
import type { ImportListItem } from '@opengst/contracts';
import { formatFileSize, hasAcceptedExtension, isImportRunning, progressPercent, runningImportOf } from './importProgress';

const item = (id: number, status: ImportListItem['status'], createdBy: number): ImportListItem => ({
  importId: id,
  importType: 'SalesDocuments',
  fileName: `f${id}.xlsx`,
  status,
  totalRows: 10,
  processedRows: 5,
  validRows: 4,
  errorRows: 1,
  message: null,
  finishedAt: null,
  fileSize: 100,
  fileFormat: 'xlsx',
  isAllOrNothing: false,
  entityId: null,
  createdBy,
  createdByName: null,
  stamp: '2026-11-21T00:00:00Z',
});

describe('import progress', () => {
  it('runs until a final status', () => {
    expect(['Initialized', 'YetNotStarted', 'InProcess'].every((status) => isImportRunning(status as ImportListItem['status']))).toBe(true);
    expect(['Success', 'SuccessWithError', 'Failed'].some((status) => isImportRunning(status as ImportListItem['status']))).toBe(false);
  });

  it('is indeterminate until the total is known and full when finished', () => {
    expect(progressPercent({ status: 'Initialized', totalRows: 0, processedRows: 0 })).toBeNull();
    expect(progressPercent({ status: 'InProcess', totalRows: 3, processedRows: 2 })).toBe(66);
    expect(progressPercent({ status: 'Failed', totalRows: 10, processedRows: 2 })).toBe(100);
  });

  it('formats file sizes', () => {
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(2048)).toBe('2 KB');
  });

  it('accepts spreadsheets only, whatever the case of the extension', () => {
    expect(hasAcceptedExtension('Sales.XLSX')).toBe(true);
    expect(hasAcceptedExtension('sales.csv')).toBe(true);
    expect(hasAcceptedExtension('sales.pdf')).toBe(false);
  });

  it("finds the user's own running import, not another user's", () => {
    const rows = [item(3, 'InProcess', 2), item(2, 'InProcess', 1), item(1, 'Success', 1)];
    expect(runningImportOf(rows, 1)?.importId).toBe(2);
    expect(runningImportOf(rows, 9)).toBeNull();
  });
});
