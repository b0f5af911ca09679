import { useCallback, useEffect, useMemo, useState } from 'react';
import { useText } from '../../../i18n/useText';
import { SupplierGstinFilter } from '../SearchFilters';
import { DocumentPicker } from './DocumentPicker';
import { LinkWorkspace, useLinkChoice } from './LinkWorkspace';

// Manual reconciliation: the documents no rule paired, books on the left and the supplier's on the right, narrowed
// to one supplier together; one or many chosen on each side (1:1, 1:n, n:1), their sums compared, then linked.

type Props = { runId: number; isActive: boolean; onTotal: (total: number) => void };

export const ManualTab = ({ runId, isActive, onTotal }: Props) => {
  const t = useText();
  const [supplier, setSupplier] = useState<string | null>(null);
  const choice = useLinkChoice();
  const [totals, setTotals] = useState<{ books?: number; portal?: number }>({});
  const filters = useMemo(() => ({ unpairedOnly: true, ...(supplier ? { supplierGstins: [supplier] } : {}) }), [supplier]);
  const setBooksTotal = useCallback((total: number) => setTotals((current) => ({ ...current, books: total })), []);
  const setPortalTotal = useCallback((total: number) => setTotals((current) => ({ ...current, portal: total })), []);
  // The tab's count: the unpaired documents of both sides.
  useEffect(() => {
    if (totals.books !== undefined && totals.portal !== undefined) onTotal(totals.books + totals.portal);
  }, [onTotal, totals]);
  return (
    <LinkWorkspace
      testId="manual-tab"
      search={<SupplierGstinFilter value={supplier} onApply={setSupplier} isActive={isActive} testId="manual-supplier" />}
      runId={runId}
      choice={choice}
    >
      <DocumentPicker
        runId={runId}
        side="books"
        listKey="manual-books"
        filters={filters}
        selected={choice.books}
        onChange={choice.setBooks}
        title={t('reconciliation.manual.books')}
        emptyText={t('reconciliation.manual.noBooks')}
        onTotal={setBooksTotal}
      />
      <DocumentPicker
        runId={runId}
        side="portal"
        listKey="manual-portal"
        filters={filters}
        selected={choice.portal}
        onChange={choice.setPortal}
        title={t('reconciliation.manual.portal')}
        emptyText={t('reconciliation.manual.noPortal')}
        onTotal={setPortalTotal}
      />
    </LinkWorkspace>
  );
};
