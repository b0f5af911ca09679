import { Paper, Table, Text } from '@mantine/core';
import type { ReturnSectionSummary } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { Amount } from '../ReturnBadges';
import { isSupplySection, supplyTotals, type SectionTotals } from '../returnRules';

// The section summary of the return (UI.md "A return"): every section of the save format in the portal's order with
// records, taxable value and each tax head; notes are signed, so credit notes reduce. A section with records opens
// its documents (mouse or Enter). The totals add the supply sections; the sections that restate those supplies (HSN,
// documents issued, e-commerce) follow the totals under their own heading.

const HEADS = ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const;
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

const SectionRow = ({
  t,
  row,
  onOpen,
}: {
  t: Translate;
  row: ReturnSectionSummary;
  onOpen: (section: ReturnSectionSummary['section']) => void;
}) => {
  const canOpen = row.records > 0;
  const name = t(`returns.section.${row.section}` as TextKey);
  return (
    <Table.Tr
      data-testid={`section-row-${row.section}`}
      onClick={canOpen ? () => onOpen(row.section) : undefined}
      onKeyDown={
        canOpen
          ? (event) => {
              if (event.key === 'Enter') onOpen(row.section);
            }
          : undefined
      }
      tabIndex={canOpen ? 0 : undefined}
      aria-label={canOpen ? t('returns.openSection', { section: name }) : undefined}
      style={canOpen ? { cursor: 'pointer' } : undefined}
      c={canOpen ? undefined : 'dimmed'}
    >
      <Table.Td>
        <Text span size="sm" fw={canOpen ? 500 : 400}>
          {name}
        </Text>
        <Text span size="xs" c="dimmed" ff="monospace" ml={6}>
          {row.section}
        </Text>
      </Table.Td>
      <Table.Td className="numeric" data-testid={`section-${row.section}-records`}>
        <Text span size="sm" style={tabular}>
          {formatCount(row.records)}
        </Text>
      </Table.Td>
      {HEADS.map((head) => (
        <Table.Td key={head} className="numeric" data-testid={`section-${row.section}-${head}`}>
          <Amount paise={row[head]} />
        </Table.Td>
      ))}
    </Table.Tr>
  );
};

const TotalsRow = ({ t, totals }: { t: Translate; totals: SectionTotals }) => (
  <Table.Tr data-testid="section-totals" bg="gray.0" style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}>
    <Table.Td>
      <Text span size="sm" fw={700}>
        {t('returns.totals')}
      </Text>
    </Table.Td>
    <Table.Td className="numeric" data-testid="section-total-records">
      <Text span size="sm" fw={700} style={tabular}>
        {formatCount(totals.records)}
      </Text>
    </Table.Td>
    {HEADS.map((head) => (
      <Table.Td key={head} className="numeric" data-testid={`section-total-${head}`}>
        <Amount paise={totals[head]} fw={700} />
      </Table.Td>
    ))}
  </Table.Tr>
);

export const SectionSummaryTable = ({
  summary,
  onOpen,
}: {
  summary: readonly ReturnSectionSummary[];
  onOpen: (section: ReturnSectionSummary['section']) => void;
}) => {
  const t = useText();
  const supplies = summary.filter((row) => isSupplySection(row.section));
  const restating = summary.filter((row) => !isSupplySection(row.section));
  return (
    <Paper withBorder radius="sm">
      <Table highlightOnHover verticalSpacing={4} fz="sm" data-testid="section-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('returns.section')}</Table.Th>
            <Table.Th className="numeric" w={80}>
              {t('returns.records')}
            </Table.Th>
            {HEADS.map((head) => (
              <Table.Th key={head} className="numeric" w={head === 'cess' ? 96 : 124}>
                {t(`register.${head}` as TextKey)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {supplies.map((row) => (
            <SectionRow key={row.section} t={t} row={row} onOpen={onOpen} />
          ))}
          <TotalsRow t={t} totals={supplyTotals(summary)} />
          {restating.length > 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2 + HEADS.length} pt="sm">
                <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                  {t('returns.restating')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {restating.map((row) => (
            <SectionRow key={row.section} t={t} row={row} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};
