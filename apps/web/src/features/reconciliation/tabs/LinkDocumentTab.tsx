import { useCallback, useEffect, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import type { RunDocument } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { panOf } from '../runRules';
import { DocumentNumberFilter } from '../SearchFilters';
import { DocumentPicker } from './DocumentPicker';
import { LinkWorkspace, useLinkChoice } from './LinkWorkspace';

// Link document: one document of the books, then the supplier's documents reported under any GSTIN of the same PAN
// (another state's registration of the same supplier), to link it to. The pickers are manual reconciliation's.

type Props = { runId: number; isActive: boolean; onTotal: (total: number) => void };

export const LinkDocumentTab = ({ runId, isActive, onTotal }: Props) => {
  const t = useText();
  const [number, setNumber] = useState<string | null>(null);
  const choice = useLinkChoice();
  const { setBooks, setPortal } = choice;
  const chosen = choice.books[0] ?? null;
  const booksFilters = useMemo(() => ({ unpairedOnly: true, ...(number ? { documentNumber: number } : {}) }), [number]);
  const portalFilters = useMemo(() => ({ unpairedOnly: true, supplierPans: chosen ? [panOf(chosen.supplierGstin)] : [] }), [chosen]);
  // Another books document: the portal's documents chosen for the one before are not its.
  const choose = useCallback(
    (next: RunDocument[]) => {
      setBooks(next);
      setPortal([]);
    },
    [setBooks, setPortal],
  );
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    if (total !== null) onTotal(total);
  }, [onTotal, total]);
  return (
    <LinkWorkspace
      testId="link-document-tab"
      search={<DocumentNumberFilter value={number} onApply={setNumber} isActive={isActive} testId="link-number" />}
      runId={runId}
      choice={choice}
    >
      <DocumentPicker
        runId={runId}
        side="books"
        listKey="link-books"
        filters={booksFilters}
        selected={choice.books}
        onChange={choose}
        isSingle
        title={t('reconciliation.link.books')}
        emptyText={t('reconciliation.manual.noBooks')}
        onTotal={setTotal}
      />
      {chosen ? (
        <DocumentPicker
          runId={runId}
          side="portal"
          listKey="link-portal"
          filters={portalFilters}
          selected={choice.portal}
          onChange={setPortal}
          title={t('reconciliation.link.portal', { pan: panOf(chosen.supplierGstin) })}
          emptyText={t('reconciliation.link.noPortal')}
          showStatus
        />
      ) : (
        <Text size="sm" c="dimmed" pt="xl" ta="center" data-testid="link-choose-first">
          {t('reconciliation.link.chooseFirst')}
        </Text>
      )}
    </LinkWorkspace>
  );
};
