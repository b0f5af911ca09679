import { useText } from '../../i18n/useText';
import { TextFilterInput } from '../../shared/filter-bar/TextFilterInput';

// The two searches of a run's lists, each applied on Enter: one supplier by its GSTIN (a GSTIN is upper case, so it
// is matched whatever the case typed) and a document number (as typed: the server finds it within the number). Only
// the tab in view answers `/`.

type Props = { value: string | null | undefined; onApply: (value: string | null) => void; isActive: boolean; testId: string };

export const SupplierGstinFilter = ({ value, onApply, isActive, testId }: Props) => {
  const t = useText();
  return (
    <TextFilterInput
      label={t('reconciliation.supplierGstin')}
      kind={{ type: 'text' }}
      value={value}
      hasSlashShortcut={isActive}
      onApply={(next) => onApply(next === null ? null : String(next).trim().toUpperCase() || null)}
      testId={testId}
    />
  );
};

export const DocumentNumberFilter = ({ value, onApply, isActive, testId }: Props) => {
  const t = useText();
  return (
    <TextFilterInput
      label={t('reconciliation.filter.number')}
      kind={{ type: 'text' }}
      value={value}
      hasSlashShortcut={isActive}
      onApply={(next) => onApply(next === null ? null : String(next))}
      testId={testId}
    />
  );
};
