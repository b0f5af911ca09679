import { FINAL_IMPORT_STATUSES, type ImportListItem, type ImportProgress, type ImportStatus } from '@opengst/contracts';

// What the progress bar and the list derive from an import's counts (UI.md "Long work is visible").

export const isImportRunning = (status: ImportStatus): boolean => !FINAL_IMPORT_STATUSES.includes(status);

/** Percent of rows processed; null while the total is not known yet (the bar is then indeterminate). */
export const progressPercent = (progress: Pick<ImportProgress, 'status' | 'totalRows' | 'processedRows'>): number | null => {
  if (!isImportRunning(progress.status)) return 100;
  if (progress.totalRows <= 0) return null;
  return Math.min(100, Math.floor((progress.processedRows / progress.totalRows) * 100));
};

/** "1.5 MB", "320 KB": the size limit and file sizes as people read them. */
export const formatFileSize = (bytes: number): string => {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
};

/** Spec core §5 "Accepted uploads": spreadsheets, and the GST portal's GSTR-1 JSON for sales documents. The server
 * detects the real type from the content and says plainly what it refuses (an Excel 95 workbook: IMP0003). */
export const ACCEPTED_EXTENSIONS = ['.xlsx', '.xls', '.csv', '.json'] as const;
export const hasAcceptedExtension = (fileName: string): boolean =>
  ACCEPTED_EXTENSIONS.some((extension) => fileName.toLowerCase().endsWith(extension));

/**
 * The import of this user that is still running, newest first (the list is sorted stamp DESC): while there is one
 * the upload and the list's filters are disabled (spec modules §4).
 */
export const runningImportOf = (rows: readonly ImportListItem[], userId: number | undefined): ImportListItem | null =>
  rows.find((row) => isImportRunning(row.status) && row.createdBy === userId) ?? null;

/** The resource key of an import status as people read it ("Success with errors"). */
export const statusTextKey = (status: ImportStatus) => `import.status.${status}` as const;
