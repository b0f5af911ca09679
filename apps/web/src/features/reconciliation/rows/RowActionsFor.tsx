import { useState } from 'react';
import { RowActionMenu, SelectionActions } from './RowActionButtons';
import { ROW_ACTIONS, RowActionDialog, type ActionSelection, type RowActionName } from './RowActionDialog';

// The actions of one selection of rows with their dialog: the selected rows (buttons in the selection bar), or every
// row a set of filters matches (one menu: every filtered row, a summary row's status).

type Props = {
  runId: number;
  kind: 'selection' | 'all';
  selection: ActionSelection;
  count: number;
  onDone: () => void;
  testId: string;
  /** The menu's label (kind 'all'). */
  label?: string;
  /** The actions offered (all by default; the IMS screen offers Accept, Reject and Pending). */
  actions?: readonly RowActionName[] | undefined;
  /** Under the remarks, in place of the general hint. */
  remarksHint?: string | undefined;
};

export const RowActionButtonsFor = ({
  runId,
  kind,
  selection,
  count,
  onDone,
  testId,
  label = '',
  actions = ROW_ACTIONS,
  remarksHint,
}: Props) => {
  const [action, setAction] = useState<RowActionName | null>(null);
  return (
    <>
      {kind === 'selection' ? (
        <SelectionActions onChoose={setAction} actions={actions} />
      ) : (
        <RowActionMenu label={label} actions={actions} onChoose={setAction} testId={testId} />
      )}
      <RowActionDialog
        runId={runId}
        action={action}
        selection={selection}
        count={count}
        onClose={() => setAction(null)}
        onDone={onDone}
        remarksHint={remarksHint}
      />
    </>
  );
};
