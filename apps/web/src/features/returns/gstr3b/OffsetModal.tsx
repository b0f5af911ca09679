import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import type { Gstr3bDetail, Gstr3bKey, Gstr3bSetOff, Gstr3bTaxHead } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { splitApiErrors } from '../../../shared/forms';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { Amount } from '../ReturnBadges';
import { offsetGstr3b } from './gstr3bApi';

// The offset asked first (it debits the ledgers at once): line by line which credit pays which liability and under
// which provision (the server's explanation: s.49(5), 49A, 49B, Rule 88A), then the cash by head: tax, reverse charge
// (s.49(4): cash only), interest and late fee. The portal's refusal is shown here, in its words.

const HEADS: readonly Gstr3bTaxHead[] = ['igst', 'cgst', 'sgst', 'cess'];

type Props = {
  returnKey: Gstr3bKey;
  setOff: Gstr3bSetOff;
  onClose: () => void;
  onOffset: (next: Gstr3bDetail) => void;
};

export const OffsetModal = ({ returnKey, setOff, onClose, onOffset }: Props) => {
  const t = useText();
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const confirm = async () => {
    setBusy(true);
    setRefusal([]);
    try {
      const next = await offsetGstr3b(returnKey);
      onClose();
      onOffset(next);
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  const cashRows = [
    { key: 'tax', label: t('gstr3b.portal.offsetCashTax'), heads: setOff.cash.tax },
    { key: 'reverseCharge', label: t('gstr3b.portal.offsetCashRc'), heads: setOff.cash.reverseCharge },
    { key: 'interest', label: t('gstr3b.interest'), heads: setOff.cash.interest },
    { key: 'lateFee', label: t('gstr3b.lateFee'), heads: setOff.cash.lateFee },
  ] as const;
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{t('gstr3b.portal.offsetTitle')}</Text>} size="lg">
      <Stack gap="sm" data-testid="offset-confirmation">
        <Text size="sm">{t('gstr3b.portal.offsetMessage')}</Text>
        <Text size="sm" fw={600}>
          {t('gstr3b.portal.offsetCredit')}
        </Text>
        <List size="sm" spacing={2}>
          {setOff.utilisation.length === 0 ? <List.Item>{t('gstr3b.portal.offsetNoCredit')}</List.Item> : null}
          {setOff.utilisation.map((line) => (
            <List.Item key={`${line.from}-${line.to}`} data-testid={`offset-credit-${line.from}-${line.to}`}>
              {line.explanation}
            </List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          {t('gstr3b.portal.offsetCash')}
        </Text>
        <Table verticalSpacing={2} fz="sm" data-testid="offset-cash">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {HEADS.map((head) => (
                <Table.Th key={head} className="numeric">
                  {t(`gstr3b.head.${head}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cashRows.map((row) => (
              <Table.Tr key={row.key} data-testid={`offset-cash-${row.key}`}>
                <Table.Td>{row.label}</Table.Td>
                {HEADS.map((head) => (
                  <Table.Td key={head} className="numeric">
                    <Amount paise={row.heads[head]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <RefusalAlert messages={refusal} testId="offset-refusal" />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" color="indigo" loading={isBusy} onClick={() => void confirm()} data-testid="action-offset-confirm">
            {t('gstr3b.portal.offsetConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
