import type { ReconciliationRow, RowDetail } from '@opengst/contracts';
import type { Translate } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';

// What a pair means, said plainly (UI.md "Explain, don't just flag").

/** "Booked in Mar 2025, reported by the supplier in Apr 2025", or null when both sides are of one period. */
export const acrossPeriodsText = (t: Translate, row: ReconciliationRow): string | null =>
  row.acrossPeriods && row.booksPeriod && row.portalPeriod
    ? t('reconciliation.pair.acrossPeriods', { books: periodLabel(row.booksPeriod), portal: periodLabel(row.portalPeriod) })
    : null;

/** The supplier reported the document to another GSTIN than the one that booked it. */
export const recipientText = (t: Translate, row: ReconciliationRow): string | null =>
  row.portalGstin && row.booksDocuments > 0 && row.portalGstin !== row.gstin
    ? t('reconciliation.pair.recipientDiffers', { books: row.gstin, portal: row.portalGstin })
    : null;

/**
 * Awaiting 2B: where the supplier reported the document, and that its credit comes with the GSTR-2B that lists it
 * (s.16(2)(aa)), or null for any other row.
 */
export const awaitingText = (t: Translate, detail: RowDetail): string | null => {
  const reported = detail.reported;
  if (!reported) return null;
  const values = { period: reported.returnPeriod ? periodLabel(reported.returnPeriod) : '', number: reported.documentNumber };
  return reported.source === 'IMS' ? t('reconciliation.pair.awaiting2b.IMS', values) : t('reconciliation.pair.awaiting2b.GSTR2A', values);
};

/** Both sides are present: the pair can be unlinked. */
export const isPaired = (row: ReconciliationRow): boolean => row.booksDocuments > 0 && row.portalDocuments > 0;
