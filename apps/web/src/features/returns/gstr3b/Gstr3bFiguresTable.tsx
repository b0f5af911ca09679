import { Fragment } from 'react';
import { ActionIcon, Group, Paper, Stack, Table, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconLock } from '@tabler/icons-react';
import { formatInr, stateFromCode } from '@opengst/domain';
import {
  GSTR3B_COLUMNS,
  GSTR3B_FIGURE_LABELS,
  GSTR3B_FIGURE_LAYOUT,
  type Gstr3bAmounts,
  type Gstr3bColumn,
  type Gstr3bRow,
  type Gstr3bTable,
} from '@opengst/contracts';
import { formatCount } from '../../../shared/format';
import { Amount } from '../ReturnBadges';
import { cellText, differenceOf, hasColumn, itcPartOf, rowKeyOf, sourceCount, type Draft } from './gstr3bRules';
import { useText, type Translate, type TextKey } from '../../../i18n/useText';

// One table of the form as the portal lays it out (3.1, 3.1.1, 3.2, 4 with its parts, 5, 5.1): per figure the
// system's amounts (each opens the documents behind it), the user's (inputs where the user may change it) and the
// difference, highlighted. A locked figure shows one line with a lock that says why.

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

export const rowLabelOf = (row: Pick<Gstr3bRow, 'figure' | 'placeOfSupply'>, t: Translate): string => {
  const label = GSTR3B_FIGURE_LABELS[row.figure];
  if (!row.placeOfSupply) return label;
  const state = stateFromCode(row.placeOfSupply);
  return `${label} · ${t('gstr3b.placeOfSupply', { pos: state ? `${row.placeOfSupply} ${state.name}` : row.placeOfSupply })}`;
};

/** The columns a table has: those the form gives any of its figures, in the form's order. */
const columnsOfTable = (table: Gstr3bTable): Gstr3bColumn[] =>
  GSTR3B_COLUMNS.filter((column) =>
    Object.values(GSTR3B_FIGURE_LAYOUT).some((layout) => layout.table === table && layout.columns.includes(column)),
  );

export type FigureEditing = {
  /** Whether the user may change figures at all (right and status); a locked row never. */
  isEditable: boolean;
  draft: Draft;
  onCell: (row: Gstr3bRow, column: Gstr3bColumn, text: string) => void;
  onUseSystem: (row: Gstr3bRow) => void;
  invalid: Readonly<Record<string, readonly Gstr3bColumn[]>>;
  /** The server's refusal of the last save, by row key. */
  refusals: Readonly<Record<string, readonly string[]>>;
};

type RowProps = { row: Gstr3bRow; columns: readonly Gstr3bColumn[]; editing: FigureEditing; onOpen: (row: Gstr3bRow) => void };

const Lock = ({ reason }: { reason: string }) => {
  const t = useText();
  return (
    <Tooltip label={reason} multiline w={360} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span
        role="img"
        tabIndex={0}
        aria-label={t('gstr3b.locked', { reason })}
        data-testid="figure-lock"
        style={{ display: 'inline-flex' }}
      >
        <IconLock size={14} color="var(--mantine-color-gray-7)" aria-hidden />
      </span>
    </Tooltip>
  );
};

const SubLabel = ({ children }: { children: string }) => (
  <Table.Td w={84}>
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  </Table.Td>
);

const SystemCells = ({ row, columns, onOpen }: Omit<RowProps, 'editing'>) => {
  const t = useText();
  const label = rowLabelOf(row, t);
  const canOpen = sourceCount(row) > 0;
  return columns.map((column) => (
    <Table.Td key={column} className="numeric" data-testid={`figure-${rowKeyOf(row)}-system-${column}`}>
      {!hasColumn(row, column) ? null : canOpen ? (
        <UnstyledButton
          onClick={() => onOpen(row)}
          aria-label={`${t('gstr3b.openDocuments', { figure: label })}: ${t(`gstr3b.column.${column}`)} ${formatInr(row.system[column])}`}
          data-testid="figure-open"
          style={{ borderBottom: '1px dotted var(--mantine-color-blue-6)' }}
        >
          <Amount paise={row.system[column]} />
        </UnstyledButton>
      ) : (
        <Amount paise={row.system[column]} />
      )}
    </Table.Td>
  ));
};

const UserCells = ({ row, columns, editing }: Omit<RowProps, 'onOpen'>) => {
  const t = useText();
  const label = rowLabelOf(row, t);
  const invalid = editing.invalid[rowKeyOf(row)] ?? [];
  return columns.map((column) => (
    <Table.Td key={column} className="numeric" data-testid={`figure-${rowKeyOf(row)}-user-${column}`}>
      {!hasColumn(row, column) ? null : editing.isEditable ? (
        <TextInput
          size="xs"
          value={cellText(editing.draft, row, column)}
          placeholder={formatInr(row.system[column])}
          onChange={(event) => editing.onCell(row, column, event.currentTarget.value)}
          error={invalid.includes(column)}
          aria-label={`${label}: ${t(`gstr3b.column.${column}`)} (${t('gstr3b.user')})`}
          aria-invalid={invalid.includes(column)}
          inputMode="decimal"
          autoComplete="off"
          styles={{ input: { textAlign: 'right', ...tabular } }}
          data-testid="figure-input"
          data-column={column}
        />
      ) : row.user ? (
        <Amount paise={row.user[column]} />
      ) : (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      )}
    </Table.Td>
  ));
};

const DifferenceCells = ({ row, columns, difference }: { row: Gstr3bRow; columns: readonly Gstr3bColumn[]; difference: Gstr3bAmounts }) =>
  columns.map((column) => {
    const value = hasColumn(row, column) ? difference[column] : 0;
    return (
      <Table.Td
        key={column}
        className="numeric"
        bg={value !== 0 ? 'yellow.1' : undefined}
        data-testid={`figure-${rowKeyOf(row)}-difference-${column}`}
      >
        {value !== 0 ? (
          <Text span size="sm" fw={600} c="red.9" style={{ ...tabular, whiteSpace: 'nowrap' }}>
            {value > 0 ? '+' : ''}
            {formatInr(value)}
          </Text>
        ) : null}
      </Table.Td>
    );
  });

const FigureRows = ({ row, columns, editing, onOpen }: RowProps) => {
  const t = useText();
  const key = rowKeyOf(row);
  const difference = differenceOf(editing.draft, row);
  const hasDifference = difference !== null && row.columns.some((column) => difference[column] !== 0);
  const lines = row.lock ? 1 : hasDifference ? 3 : 2;
  const refusals = editing.refusals[key] ?? [];
  const invalid = (editing.invalid[key]?.length ?? 0) > 0;
  const isTouched = editing.draft[key] !== undefined;
  const sources = sourceCount(row);
  return (
    <>
      <Table.Tr data-testid={`figure-row-${key}`} data-locked={row.lock !== null} data-different={hasDifference}>
        <Table.Td rowSpan={lines} style={{ verticalAlign: 'top' }}>
          <Stack gap={2}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              {row.lock ? <Lock reason={row.lock.reason} /> : null}
              <Text size="sm" fw={500} data-testid="figure-label">
                {rowLabelOf(row, t)}
              </Text>
            </Group>
            {sources > 0 ? (
              <Text size="xs" c="dimmed" title={t('gstr3b.documentsOf', row.sources)}>
                {sources === 1 ? t('gstr3b.sources.one') : t('gstr3b.sources', { n: formatCount(sources) })}
              </Text>
            ) : null}
            {row.notPopulated && row.columns.some((column) => row.notPopulated?.[column]) ? (
              <Text size="xs" c="orange.9" data-testid="figure-not-populated">
                {t('gstr3b.notPopulated', {
                  amount: row.columns
                    .filter((column) => row.notPopulated?.[column])
                    .map((column) => `${t(`gstr3b.column.${column}`)} ${formatInr(row.notPopulated?.[column] ?? 0)}`)
                    .join(', '),
                })}
              </Text>
            ) : null}
            {invalid ? (
              <Text size="xs" c="red.8" role="alert" data-testid="figure-invalid">
                {t('gstr3b.invalidAmount')}
              </Text>
            ) : null}
            {refusals.map((message) => (
              <Text key={message} size="xs" c="red.8" role="alert" data-testid="figure-refusal">
                {message}
              </Text>
            ))}
          </Stack>
        </Table.Td>
        <SubLabel>{t('gstr3b.system')}</SubLabel>
        <SystemCells row={row} columns={columns} onOpen={onOpen} />
        <Table.Td rowSpan={lines} w={36} style={{ verticalAlign: 'top' }}>
          {!row.lock && editing.isEditable && (row.user !== null || isTouched) ? (
            <Tooltip label={t('gstr3b.useSystem')} withArrow>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                onClick={() => editing.onUseSystem(row)}
                aria-label={`${t('gstr3b.useSystem')}: ${rowLabelOf(row, t)}`}
                data-testid="figure-use-system"
              >
                <IconArrowBackUp size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {row.lock ? null : (
        <Table.Tr>
          <SubLabel>{t('gstr3b.user')}</SubLabel>
          <UserCells row={row} columns={columns} editing={editing} />
        </Table.Tr>
      )}
      {!row.lock && hasDifference && difference ? (
        <Table.Tr>
          <SubLabel>{t('gstr3b.difference')}</SubLabel>
          <DifferenceCells row={row} columns={columns} difference={difference} />
        </Table.Tr>
      ) : null}
    </>
  );
};

const GROUP_TITLES: Record<'A' | 'B' | 'C' | 'D', TextKey> = {
  A: 'gstr3b.group.4A',
  B: 'gstr3b.group.4B',
  C: 'gstr3b.group.4C',
  D: 'gstr3b.group.4D',
};

export const Gstr3bFiguresTable = ({
  table,
  rows,
  editing,
  onOpen,
}: {
  table: Gstr3bTable;
  rows: readonly Gstr3bRow[];
  editing: FigureEditing;
  onOpen: (row: Gstr3bRow) => void;
}) => {
  const t = useText();
  const columns = columnsOfTable(table);
  const reasons = [...new Set(rows.flatMap((row) => (row.lock ? [row.lock.reason] : [])))];
  return (
    <Paper withBorder radius="sm" data-testid={`table-${table}`}>
      <Stack gap={2} px="sm" pt={8} pb={4}>
        <Text size="sm" fw={700}>
          {t(`gstr3b.table.${table}`)}
        </Text>
        {reasons.map((reason) => (
          <Group key={reason} gap={6} wrap="nowrap" align="flex-start" data-testid="table-lock-reason">
            <IconLock size={12} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
            <Text size="xs" c="dimmed">
              {reason}
            </Text>
          </Group>
        ))}
      </Stack>
      <Table verticalSpacing={2} fz="sm" withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('gstr3b.nature')}</Table.Th>
            <Table.Th w={84} />
            {columns.map((column) => (
              <Table.Th key={column} className="numeric" w={column === 'cess' ? 112 : 136}>
                {t(`gstr3b.column.${column}`)} (₹)
              </Table.Th>
            ))}
            <Table.Th w={36} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const part = itcPartOf(row);
            const previous = index > 0 ? rows[index - 1] : undefined;
            const startsPart = part !== null && (previous === undefined || itcPartOf(previous) !== part);
            return (
              <Fragment key={rowKeyOf(row)}>
                {startsPart ? (
                  <Table.Tr bg="gray.0">
                    <Table.Td colSpan={3 + columns.length}>
                      <Text size="xs" fw={600}>
                        {t(GROUP_TITLES[part])}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                <FigureRows row={row} columns={columns} editing={editing} onOpen={onOpen} />
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};
