import { useState } from 'react';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { litigationText as lt, type LitigationTextKey, type NoticeDetail } from '@opengst/contracts';
import {
  DRC03_ARN_PATTERN,
  formatInr,
  istDateOf,
  PAYMENT_HEADS,
  remainingByHead,
  section128AWaiver,
  splitTotal,
  sumSplits,
  type PaymentHead,
  type PaymentSplit,
} from '@opengst/domain';
import { DateField } from '../../shared/DateField';
import { formatDate } from '../../shared/format';
import { splitApiErrors, type SplitErrors } from '../../shared/forms';
import { notifySuccess } from '../../shared/notifySuccess';
import { NoticeModalFooter } from './NoticeModalFooter';
import { paiseOf } from './noticeForm';
import { recordNoticePayment } from './noticesApi';

// A notice's DRC-03 payments against its demand (issue 23): what was paid of what was demanded, by head, and what is
// left; "Record DRC-03 payment" (date paid, ARN, amounts by head) which leaves the stage as it is; and, for a section 73
// demand of FY 2017-18 to 2019-20, the s.128A waiver (the domain's section128AWaiver): the tax to pay in full by
// 31-03-2025, what the DRC-03 payments have paid of it, the form (SPL-01 / SPL-02) and its last date, or that the
// window has closed. Nothing of the waiver is shown for a notice it does not apply to.

export const HEAD_TEXT: Readonly<Record<PaymentHead, LitigationTextKey>> = {
  taxIgst: 'notice.headIgst',
  taxCgst: 'notice.headCgst',
  taxSgst: 'notice.headSgst',
  taxCess: 'notice.headCess',
  interest: 'notice.headInterest',
  penalty: 'notice.headPenalty',
};

/** The notice's DRC-03 payments: date paid and split (the events the server answers with a split). */
export const paymentsOf = (notice: NoticeDetail): { paidOn: string; split: PaymentSplit }[] =>
  notice.events.flatMap((event) =>
    event.action === 'Payment' && event.payment && event.eventDate ? [{ paidOn: event.eventDate, split: event.payment }] : [],
  );

const NO_ERRORS: SplitErrors = { fields: {}, general: [] };
const PAYMENT_FIELDS = ['paidOn', 'arn', 'note', 'split', ...PAYMENT_HEADS] as const;
const EMPTY_AMOUNTS: Record<PaymentHead, string> = { taxIgst: '', taxCgst: '', taxSgst: '', taxCess: '', interest: '', penalty: '' };

const PaymentModal = ({
  notice,
  onClose,
  onChanged,
}: {
  notice: NoticeDetail;
  onClose: () => void;
  onChanged: (next: NoticeDetail) => void;
}) => {
  const today = istDateOf(new Date());
  const [paidOn, setPaidOn] = useState(today);
  const [arn, setArn] = useState('');
  const [amounts, setAmounts] = useState(EMPTY_AMOUNTS);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<SplitErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    const split = Object.fromEntries(PAYMENT_HEADS.map((head) => [head, paiseOf(amounts[head])])) as PaymentSplit;
    const fields: Record<string, string> = {};
    if (!paidOn) fields.paidOn = lt('notice.required');
    if (!DRC03_ARN_PATTERN.test(arn.trim().toUpperCase())) fields.arn = lt('notice.paymentArnInvalid');
    for (const head of PAYMENT_HEADS) if (Number.isNaN(split[head])) fields[head] = lt('notice.amountInvalid');
    const general = Object.keys(fields).length === 0 && splitTotal(split) === 0 ? [lt('notice.paymentNone')] : [];
    if (Object.keys(fields).length > 0 || general.length > 0) {
      setErrors({ fields, general });
      return;
    }
    setBusy(true);
    try {
      const next = await recordNoticePayment({ id: notice.id, paidOn, arn: arn.trim().toUpperCase(), split, note: note.trim() });
      notifySuccess(lt('notice.paymentSaved'));
      onChanged(next);
      onClose();
    } catch (caught) {
      const split = splitApiErrors(caught, PAYMENT_FIELDS);
      // "Give the amount paid under at least one head" names the split as a whole: said above the buttons.
      const { split: whole, ...rest } = split.fields;
      setErrors({ fields: rest, general: whole ? [...split.general, whole] : split.general });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={<Text fw={600}>{lt('notice.paymentTitle')}</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {lt('notice.paymentHint')}
          </Text>
          <Group grow align="flex-start">
            <DateField
              size="xs"
              label={lt('notice.paidOn')}
              value={paidOn}
              onChange={setPaidOn}
              maxDate={today}
              minDate={notice.issuedOn}
              required
              error={errors.fields.paidOn}
              data-testid="payment-date"
            />
            <TextInput
              size="xs"
              label={lt('notice.paymentArn')}
              value={arn}
              onChange={(e) => setArn(e.currentTarget.value)}
              maxLength={15}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              error={errors.fields.arn}
              data-testid="payment-arn"
            />
          </Group>
          <SimpleGrid cols={3} spacing="xs">
            {PAYMENT_HEADS.map((head) => (
              <TextInput
                key={head}
                size="xs"
                label={`${lt(HEAD_TEXT[head])} (₹)`}
                value={amounts[head]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAmounts((current) => ({ ...current, [head]: value }));
                }}
                inputMode="decimal"
                styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                error={errors.fields[head]}
                data-testid={`payment-${head}`}
              />
            ))}
          </SimpleGrid>
          <Textarea
            size="xs"
            label={lt('notice.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={errors.fields.note}
            data-testid="payment-note"
          />
          <NoticeModalFooter
            refusals={errors.general}
            submitLabel="notice.paymentSave"
            isBusy={isBusy}
            onClose={onClose}
            testId="payment"
          />
        </Stack>
      </form>
    </Modal>
  );
};

const amount = (paise: number) => formatInr(paise);

/** The s.128A waiver panel; nothing when the waiver does not apply to the notice. */
export const Waiver128APanel = ({ notice, today }: { notice: NoticeDetail; today: string }) => {
  const waiver = section128AWaiver({
    sections: notice.section,
    financialYears: notice.financialYears,
    stage: notice.stage,
    demand: notice.demand,
    payments: paymentsOf(notice),
    today,
  });
  if (!waiver.applies) return null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="notice-waiver">
      <Title order={5} mb="xs">
        {lt('notice.waiverTitle')}
      </Title>
      <Stack gap={4}>
        <Text size="sm">
          {lt('notice.waiverApplies', {
            tax: amount(waiver.taxToPay.total),
            payBy: formatDate(waiver.payBy),
            interest: amount(waiver.waivesInterest),
            penalty: amount(waiver.waivesPenalty),
          })}
        </Text>
        <Text size="sm" data-testid="notice-waiver-paid">
          {lt('notice.waiverPaid', { payBy: formatDate(waiver.payBy), paid: amount(waiver.paidInTime), left: amount(waiver.leftToPay) })}
        </Text>
        {waiver.paidLate > 0 ? (
          <Text size="sm" c="orange.8">
            {lt('notice.waiverPaidLate', { payBy: formatDate(waiver.payBy), late: amount(waiver.paidLate) })}
          </Text>
        ) : null}
        {waiver.otherYears.length > 0 ? (
          <Text size="sm">{lt('notice.waiverOtherYears', { years: waiver.otherYears.join(', ') })}</Text>
        ) : null}
        {waiver.lapsed ? (
          <Text size="sm" c="red.8" fw={600} data-testid="notice-waiver-lapsed">
            {lt('notice.waiverLapsed', { payBy: formatDate(waiver.payBy) })}
          </Text>
        ) : waiver.windowClosed ? (
          <Text size="sm" c="red.8" fw={600} data-testid="notice-waiver-closed">
            {lt('notice.waiverClosed', { applyBy: formatDate(waiver.applyBy) })}
          </Text>
        ) : (
          <Text size="sm" fw={600} data-testid="notice-waiver-form">
            {lt('notice.waiverForm', { form: waiver.form, applyBy: formatDate(waiver.applyBy) })}
            {waiver.withdrawAppeal ? ` ${lt('notice.waiverWithdraw')}` : ''}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {lt('notice.waiverBasis')}
        </Text>
      </Stack>
    </Paper>
  );
};

/** What was paid under DRC-03 of the demand, by head, and what is left; the "Record DRC-03 payment" action. */
export const NoticePayments = ({ notice, onChanged }: { notice: NoticeDetail; onChanged: (next: NoticeDetail) => void }) => {
  const [isRecording, setRecording] = useState(false);
  const paid = sumSplits(paymentsOf(notice).map((p) => p.split));
  const left = remainingByHead(notice.demand, paid);
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="notice-payments">
      <Title order={5} mb="xs">
        {lt('notice.paidTitle')}
      </Title>
      <Text size="sm" mb="xs" data-testid="notice-paid-summary">
        {lt('notice.paidSummary', { paid: amount(splitTotal(paid)), demanded: amount(notice.totalDemand) })}
      </Text>
      <Table fz="xs" verticalSpacing={2} data-testid="notice-paid-heads">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{lt('notice.paidHead')}</Table.Th>
            <Table.Th ta="right">{lt('notice.paidDemanded')}</Table.Th>
            <Table.Th ta="right">{lt('notice.paidPaid')}</Table.Th>
            <Table.Th ta="right">{lt('notice.paidLeft')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
          {PAYMENT_HEADS.filter((head) => notice.demand[head] > 0 || paid[head] > 0).map((head) => (
            <Table.Tr key={head} data-testid={`notice-paid-${head}`}>
              <Table.Td>{lt(HEAD_TEXT[head])}</Table.Td>
              <Table.Td ta="right">{amount(notice.demand[head])}</Table.Td>
              <Table.Td ta="right">{amount(paid[head])}</Table.Td>
              <Table.Td ta="right">{amount(left[head])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {/* Under the figures: the card is a third of the screen wide, too narrow for the title and the action side by side. */}
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" onClick={() => setRecording(true)} data-testid="notice-record-payment">
          {lt('notice.recordPayment')}
        </Button>
      </Group>
      {isRecording ? <PaymentModal notice={notice} onClose={() => setRecording(false)} onChanged={onChanged} /> : null}
    </Paper>
  );
};
