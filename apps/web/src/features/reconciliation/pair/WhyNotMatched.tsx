import { Stack, Table, Text, Title } from '@mantine/core';
import type { RowDetail } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { formatDate } from '../../../shared/format';

// "Why not matched" of an unpaired row: the nearest documents of the other side and why the engine refused each.

export const WhyNotMatched = ({ candidates }: { candidates: RowDetail['candidates'] }) => {
  const t = useText();
  return (
    <Stack gap={6} data-testid="why-not-matched">
      <Title order={3} size="h6">
        {t('reconciliation.pair.whyNot')}
      </Title>
      {candidates.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-candidates">
          {t('reconciliation.pair.noCandidates')}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reconciliation.side')}</Table.Th>
              <Table.Th>{t('reconciliation.documentNumber')}</Table.Th>
              <Table.Th>{t('reconciliation.documentDate')}</Table.Th>
              <Table.Th>{t('reconciliation.pair.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {candidates.map((candidate) => (
              <Table.Tr key={`${candidate.side}-${candidate.id}`} data-testid={`candidate-${candidate.documentNumber}`}>
                <Table.Td>{t(`reconciliation.side.${candidate.side}` as TextKey)}</Table.Td>
                <Table.Td ff="monospace">{candidate.documentNumber}</Table.Td>
                <Table.Td>{formatDate(candidate.documentDate)}</Table.Td>
                <Table.Td>{candidate.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
