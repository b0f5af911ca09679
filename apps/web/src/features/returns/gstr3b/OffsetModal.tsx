import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Gstr3bDetail, Gstr3bKey, Gstr3bSetOff, Gstr3bTaxHead } from '@opengst/contracts';
import { formatInr } from '@opengst/domain';
import { useText } from '../../../i18n/useText';
import { splitApiErrors } from '../../../shared/forms';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { Amount } from '../ReturnBadges';
import { offsetGstr3b } from './gstr3bApi';

// The offset asked first (it debits the ledgers at once): line by line which credit pays which liability and under
// which provision (the server's explanation: s.49(5), 49A, 49B, Rule 88A), then the cash by head: tax, reverse charge
// (s.49(4): cash only), interest and late fee. The user may use less of a credit than proposed (the line then says
// what the changed amount does, the proposal beneath); the server checks the utilisation against the law and the
// ledgers. Any refusal is shown here, in its words.

const HEADS: readonly Gstr3bTaxHead[] = ['igst', 'cgst', 'sgst', 'cess'];

type Props = {
  returnKey: Gstr3bKey;
  setOff: Gstr3bSetOff;
  onClose: () => void;
  onOffset: (next: Gstr3bDetail) => void;
};

const lineKey = (line: { from: Gstr3bTaxHead; to: Gstr3bTaxHead }) => `${line.from}-${line.to}`;
const rupeesOf = (paise: number) => (paise / 100).toFixed(2);
/** Rupees typed (at most two decimals) to paise; null when it is not an amount. */
const paiseOf = (text: string): number | null => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : null);

type Line = Gstr3bSetOff['utilisation'][number];

/** The proposal's explanation, or once the amount is changed, what the changed amount does with the proposal beneath. */
const LineExplanation = ({ line, typed }: { line: Line; typed: number | null }) => {
  const t = useText();
  if (typed === null || typed === line.amount) return <Text size="sm">{line.explanation}</Text>;
  return (
    <Stack gap={0} data-testid="offset-line-edited">
      <Text size="sm">
        {t('gstr3b.portal.offsetEdited', {
          from: t(`gstr3b.head.${line.from}`),
          to: t(`gstr3b.head.${line.to}`),
          amount: formatInr(typed),
          proposed: formatInr(line.amount),
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('gstr3b.portal.offsetProposed', { explanation: line.explanation })}
      </Text>
    </Stack>
  );
};

export const OffsetModal = ({ returnKey, setOff, onClose, onOffset }: Props) => {
  const t = useText();
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  // The user may use less of a credit than proposed (the rest then goes to cash); the server checks what is lawful.
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(setOff.utilisation.map((line) => [lineKey(line), rupeesOf(line.amount)])),
  );
  const credit = setOff.utilisation.map((line) => ({ from: line.from, to: line.to, amount: paiseOf(typed[lineKey(line)] ?? '') }));
  const isInvalid = credit.some((line) => line.amount === null);
  const isEdited = setOff.utilisation.some((line, index) => credit[index]?.amount !== line.amount);
  const creditPaid = (to: Gstr3bTaxHead) => credit.filter((line) => line.to === to).reduce((sum, line) => sum + (line.amount ?? 0), 0);
  const cashTax = Object.fromEntries(
    HEADS.map((head) => [head, Math.max(0, setOff.payable.otherThanReverseCharge[head] - creditPaid(head))]),
  ) as Record<Gstr3bTaxHead, number>;
  const confirm = async () => {
    setBusy(true);
    setRefusal([]);
    try {
      const used = credit.flatMap((line) => (line.amount ? [{ from: line.from, to: line.to, amount: line.amount }] : []));
      const next = await offsetGstr3b(returnKey, isEdited ? used : undefined);
      onClose();
      onOffset(next);
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  const cashRows = [
    { key: 'tax', label: t('gstr3b.portal.offsetCashTax'), heads: isEdited ? cashTax : setOff.cash.tax },
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
            <List.Item key={lineKey(line)} data-testid={`offset-credit-${lineKey(line)}`}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <LineExplanation line={line} typed={paiseOf(typed[lineKey(line)] ?? '')} />
                <TextInput
                  size="xs"
                  w={130}
                  aria-label={t('gstr3b.portal.offsetAmount', { from: t(`gstr3b.head.${line.from}`), to: t(`gstr3b.head.${line.to}`) })}
                  value={typed[lineKey(line)] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setTyped((current) => ({ ...current, [lineKey(line)]: value }));
                  }}
                  error={paiseOf(typed[lineKey(line)] ?? '') === null ? t('gstr3b.invalidAmount') : undefined}
                  inputMode="decimal"
                  styles={{ input: { textAlign: 'right' } }}
                  data-testid={`offset-credit-amount-${lineKey(line)}`}
                />
              </Group>
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
          <Button
            size="xs"
            color="indigo"
            loading={isBusy}
            disabled={isInvalid}
            onClick={() => void confirm()}
            data-testid="action-offset-confirm"
          >
            {t('gstr3b.portal.offsetConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
