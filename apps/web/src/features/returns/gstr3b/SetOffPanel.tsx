import { Group, List, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatInr } from '@opengst/domain';
import { type Gstr3bHeads, type Gstr3bKey, type Gstr3bSetOff, type Gstr3bTaxHead } from '@opengst/contracts';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { formatDate } from '../../../shared/format';
import { loadFailureText } from '../../../shared/loadFailure';
import { Amount } from '../ReturnBadges';
import { portalSessionQuery } from '../returnsApi';
import { gstr3bSetOffQuery } from './gstr3bApi';
import { SetOffPortal } from './SetOffPortal';
import { useText, type Translate } from '../../../i18n/useText';

// Table 6.1 as the server proposes it from the figures as they stand (the user's where given): laid out as the
// portal's payment table (tax payable, paid through each credit, paid in cash, interest and late fee), then the
// balances it started from and every line explained (which credit paid which head and under which rule, interest for
// how many days, late fee against its cap). Above them, what the GST portal's ledgers say (SetOffPortal.tsx).

const HEADS: readonly Gstr3bTaxHead[] = ['igst', 'cgst', 'sgst', 'cess'];

const usedFrom = (plan: Gstr3bSetOff, from: Gstr3bTaxHead, to: Gstr3bTaxHead): number =>
  plan.utilisation.filter((line) => line.from === from && line.to === to).reduce((sum, line) => sum + line.amount, 0);

const Cell = ({ paise, testId }: { paise: number; testId?: string }) => (
  <Table.Td className="numeric" data-testid={testId}>
    {paise === 0 ? (
      <Text span size="sm" c="dimmed">
        {formatInr(0)}
      </Text>
    ) : (
      <Amount paise={paise} />
    )}
  </Table.Td>
);

/** A column heading over both heading rows, for a column of amounts. */
const AmountHeading = ({ label }: { label: string }) => (
  <Table.Th rowSpan={2} className="numeric">
    {label}
  </Table.Th>
);

/** The heading row of a part of the table, (A) or (B), across all its columns. */
const PartRow = ({ label }: { label: string }) => (
  <Table.Tr bg="gray.0">
    <Table.Td colSpan={9}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
    </Table.Td>
  </Table.Tr>
);

const PaymentTable = ({ plan, t }: { plan: Gstr3bSetOff; t: Translate }) => (
  <Table verticalSpacing={2} fz="sm" withColumnBorders data-testid="set-off-table">
    <Table.Thead>
      <Table.Tr>
        <Table.Th rowSpan={2}>{t('gstr3b.setOff.description')}</Table.Th>
        <AmountHeading label={t('gstr3b.setOff.payable')} />
        <Table.Th colSpan={4} ta="center">
          {t('gstr3b.setOff.paidThroughItc')}
        </Table.Th>
        <AmountHeading label={t('gstr3b.setOff.taxCash')} />
        <AmountHeading label={t('gstr3b.setOff.interestCash')} />
        <AmountHeading label={t('gstr3b.setOff.lateFeeCash')} />
      </Table.Tr>
      <Table.Tr>
        {HEADS.map((head) => (
          <Table.Th key={head} className="numeric">
            {t(`gstr3b.head.${head}`)}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      <PartRow label={t('gstr3b.setOff.otherThanReverseCharge')} />
      {HEADS.map((head) => (
        <Table.Tr key={head} data-testid={`set-off-${head}`}>
          <Table.Td>{t(`gstr3b.head.${head}`)}</Table.Td>
          <Cell paise={plan.payable.otherThanReverseCharge[head]} testId={`set-off-${head}-payable`} />
          {HEADS.map((from) => (
            <Cell key={from} paise={usedFrom(plan, from, head)} testId={`set-off-${head}-from-${from}`} />
          ))}
          <Cell paise={plan.cash.tax[head]} testId={`set-off-${head}-cash`} />
          <Cell paise={plan.cash.interest[head]} testId={`set-off-${head}-interest`} />
          <Cell paise={plan.cash.lateFee[head]} testId={`set-off-${head}-late-fee`} />
        </Table.Tr>
      ))}
      <PartRow label={t('gstr3b.setOff.reverseCharge')} />
      {HEADS.map((head) => (
        <Table.Tr key={head} data-testid={`set-off-rc-${head}`}>
          <Table.Td>{t(`gstr3b.head.${head}`)}</Table.Td>
          <Cell paise={plan.payable.reverseCharge[head]} />
          {/* Section 49(4), Rule 86(2): reverse charge tax is paid in cash only. */}
          {HEADS.map((from) => (
            <Table.Td key={from} />
          ))}
          <Cell paise={plan.cash.reverseCharge[head]} testId={`set-off-rc-${head}-cash`} />
          <Table.Td />
          <Table.Td />
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

const BalanceRow = ({ label, heads, testId, t }: { label: string; heads: Gstr3bHeads | null; testId: string; t: Translate }) => (
  <Table.Tr data-testid={testId}>
    <Table.Td>{label}</Table.Td>
    {HEADS.map((head) =>
      heads ? (
        <Cell key={head} paise={heads[head]} />
      ) : (
        <Table.Td key={head} className="numeric">
          <Text span size="xs" c="dimmed">
            {t('gstr3b.setOff.unknownBalance')}
          </Text>
        </Table.Td>
      ),
    )}
  </Table.Tr>
);

const Balances = ({ plan, t }: { plan: Gstr3bSetOff; t: Translate }) => (
  <Table verticalSpacing={2} fz="sm" data-testid="set-off-balances">
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('gstr3b.setOff.head')}</Table.Th>
        {HEADS.map((head) => (
          <Table.Th key={head} className="numeric" w={150}>
            {t(`gstr3b.head.${head}`)}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      <BalanceRow t={t} label={t('gstr3b.setOff.creditLedger')} heads={plan.creditLedger.balance} testId="balance-credit-ledger" />
      <BalanceRow t={t} label={t('gstr3b.setOff.netItc')} heads={plan.netItc} testId="balance-net-itc" />
      <BalanceRow t={t} label={t('gstr3b.setOff.creditAvailable')} heads={plan.creditAvailable} testId="balance-credit-available" />
      <BalanceRow t={t} label={t('gstr3b.setOff.creditLeft')} heads={plan.creditLeft} testId="balance-credit-left" />
      <BalanceRow t={t} label={t('gstr3b.setOff.cashLedger')} heads={plan.cashLedger.balance} testId="balance-cash-ledger" />
      <BalanceRow t={t} label={t('gstr3b.setOff.cashTotal')} heads={plan.cash.total} testId="balance-cash-total" />
      <BalanceRow t={t} label={t('gstr3b.setOff.cashToDeposit')} heads={plan.cashToDeposit} testId="balance-cash-to-deposit" />
    </Table.Tbody>
  </Table>
);

const Explanation = ({ label, text }: { label: string; text: string }) => (
  <>
    <Text span size="sm" fw={500}>
      {label}:
    </Text>{' '}
    {text}
  </>
);

const Explained = ({ plan, t }: { plan: Gstr3bSetOff; t: Translate }) => (
  <Stack gap={4} data-testid="set-off-explained">
    <Text size="sm" fw={600}>
      {t('gstr3b.setOff.explained')}
    </Text>
    <List size="sm" spacing={2}>
      {plan.utilisation.length === 0 ? <List.Item>{t('gstr3b.setOff.noCredit')}</List.Item> : null}
      {plan.utilisation.map((line, index) => (
        <List.Item key={`${index}-${line.from}-${line.to}`} data-testid={`utilisation-${line.from}-${line.to}`}>
          {line.explanation}
        </List.Item>
      ))}
      <List.Item data-testid="interest-explanation">
        <Explanation label={t('gstr3b.interest')} text={plan.interest.explanation} />
        {plan.interest.lines.length > 0 ? (
          <List size="sm" withPadding spacing={0}>
            {plan.interest.lines.map((line) => (
              <List.Item key={line.head} data-testid={`interest-${line.head}`}>
                {line.explanation}
              </List.Item>
            ))}
          </List>
        ) : null}
      </List.Item>
      <List.Item data-testid="late-fee-explanation">
        <Explanation label={t('gstr3b.lateFee')} text={plan.lateFee.explanation} />
      </List.Item>
    </List>
  </Stack>
);

export const SetOffPanel = ({ returnKey }: { returnKey: Gstr3bKey }) => {
  const t = useText();
  const { data: session } = useQuery(portalSessionQuery(returnKey.entityId));
  const { data: plan, isError, error } = useQuery(gstr3bSetOffQuery(returnKey, session?.active));
  if (isError)
    return <FilterPlaceholder kind="empty" text={loadFailureText(error, t('gstr3b.setOff.loadFailed'))} testId="set-off-failed" />;
  if (!plan) return <Loader size="sm" />;
  return (
    <Stack gap="sm" data-testid="set-off">
      <SetOffPortal plan={plan} entityId={returnKey.entityId} />
      <Paper withBorder radius="sm">
        <Group px="sm" pt={8} pb={4} justify="space-between">
          <Text size="sm" fw={700}>
            {t('gstr3b.table.6.1')}
          </Text>
          <Text size="xs" c="dimmed" data-testid="set-off-as-of">
            {t('gstr3b.setOff.asOf', { date: formatDate(plan.asOf), due: formatDate(plan.dueDate) })}
          </Text>
        </Group>
        <PaymentTable plan={plan} t={t} />
      </Paper>
      <Paper withBorder radius="sm">
        <Balances plan={plan} t={t} />
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Explained plan={plan} t={t} />
      </Paper>
    </Stack>
  );
};
