import type { TextKey } from '../../i18n/useText';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';

// The actions every master's list offers on its selected rows: activate, deactivate and delete, each confirmed, the
// server's refusal (a record in use, say) shown in the confirmation. The delete's message is the master's own: what
// is kept and why.

type Props = {
  count: number;
  setStatus: (status: 'Active' | 'Inactive') => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** '{n} selected' and what deleting them does, in the master's words. */
  confirmDeleteKey: TextKey;
  onDone: () => void;
  /** Test ids: `${testIdPrefix}-activate`, `-deactivate`, `-delete`. */
  testIdPrefix: string;
};

export const MasterRowActions = ({ count, setStatus, remove, confirmDeleteKey, onDone, testIdPrefix }: Props) => {
  const t = useText();
  const status = (to: 'Active' | 'Inactive', label: string) => (
    <ConfirmAction
      label={label}
      title={label}
      message={t('masters.confirmStatus', { n: count, status: to })}
      confirmLabel={label}
      onConfirm={() => setStatus(to)}
      onDone={onDone}
      testId={`${testIdPrefix}-${to === 'Active' ? 'activate' : 'deactivate'}`}
    />
  );
  return (
    <>
      {status('Active', t('masters.activate'))}
      {status('Inactive', t('masters.deactivate'))}
      <ConfirmAction
        label={t('masters.delete')}
        color="red"
        title={t('masters.delete')}
        message={t(confirmDeleteKey, { n: count })}
        confirmLabel={t('masters.delete')}
        onConfirm={remove}
        onDone={onDone}
        testId={`${testIdPrefix}-delete`}
      />
    </>
  );
};
