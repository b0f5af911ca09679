import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useText } from '../../../i18n/useText';
import { actionLabelKey, ROW_ACTIONS, type RowActionName } from './RowActionDialog';

// The actions on rows: the three decisions as buttons in the selection bar, the rest in a menu; elsewhere (every
// filtered row, a summary row) all of them in one menu.

const FIRST: readonly RowActionName[] = ['Accept', 'Reject', 'Pending'];

export const RowActionMenu = ({
  label,
  actions = ROW_ACTIONS,
  onChoose,
  testId,
  disabled = false,
}: {
  label: string;
  actions?: readonly RowActionName[];
  onChoose: (action: RowActionName) => void;
  testId: string;
  disabled?: boolean;
}) => {
  const t = useText();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="default" rightSection={<IconChevronDown size={12} />} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action} fz="sm" onClick={() => onChoose(action)} data-testid={`${testId}-${action}`}>
            {t(actionLabelKey(action))}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The selection bar's actions (of `actions`, all by default): the three decisions as buttons, the rest in More. */
export const SelectionActions = ({
  onChoose,
  actions = ROW_ACTIONS,
}: {
  onChoose: (action: RowActionName) => void;
  actions?: readonly RowActionName[];
}) => {
  const t = useText();
  const rest = actions.filter((action) => !FIRST.includes(action));
  return (
    <>
      {FIRST.filter((action) => actions.includes(action)).map((action) => (
        <Button key={action} size="compact-xs" variant="default" onClick={() => onChoose(action)} data-testid={`bulk-${action}`}>
          {t(actionLabelKey(action))}
        </Button>
      ))}
      {rest.length > 0 ? (
        <RowActionMenu label={t('reconciliation.moreActions')} actions={rest} onChoose={onChoose} testId="bulk-more" />
      ) : null}
    </>
  );
};
