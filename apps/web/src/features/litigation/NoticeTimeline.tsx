import { useState } from 'react';
import { Button, Group, Menu, Paper, Stack, Text, TextInput, Timeline, Title } from '@mantine/core';
import { IconChevronDown, IconScale } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  litigationText as lt,
  type LitigationTextKey,
  type NoticeDetail,
  type NoticeEvent,
  type NoticeStageName,
} from '@opengst/contracts';
import { appealDeadline, appealPreDeposit, formatInr, istDateOf, PAYMENT_HEADS, STAGE_NAMES } from '@opengst/domain';
import { formatDate, formatDateTime } from '../../shared/format';
import { paiseOf } from './noticeForm';
import { noticeKeys } from './noticesApi';
import { MoveModal, ReopenModal } from './NoticeTimelineModals';
import { HEAD_TEXT } from './NoticePayments';

export { referenceLabel } from './NoticeTimelineModals';

// A notice's timeline (every event: its date, the stage from and to, reference, amount, note, who and when) and its
// moves: "Move to…" offers only the stages the status model allows from here (detail.nextStages); a closed notice is
// opened again with a reason (the two forms: NoticeTimelineModals). The Ind AS 37 assessments saved with the notice are
// entries of their own (a scale, in violet). At Order, the appeal's deadline (CGST s.107(1), (4)) and pre-deposit
// (s.107(6)). DRC-03 payments are entries of their own too (in teal, with the heads paid).

const ACTION_TEXT: Readonly<Record<NoticeEvent['action'], LitigationTextKey>> = {
  Created: 'notice.eventCreated',
  Edited: 'notice.eventEdited',
  StageChanged: 'notice.eventStageChanged',
  Reopened: 'notice.eventReopened',
  DocumentAttached: 'notice.eventDocumentAttached',
  DocumentDeleted: 'notice.eventDocumentDeleted',
  ContingentAssessed: 'notice.eventContingentAssessed',
  Payment: 'notice.eventPayment',
};

/** A DRC-03 payment: its own kind of entry (the stage does not change): date, ARN, total and the heads it paid. */
const PaymentItem = ({ event }: { event: NoticeEvent }) => (
  <Stack gap={2} data-testid={`notice-event-${event.id}`} data-kind="payment">
    <Group gap={6}>
      <Text size="sm" fw={600} c="teal.8">
        {lt('notice.eventPayment')}
      </Text>
      {event.eventDate ? (
        <Text size="xs" c="dimmed">
          {formatDate(event.eventDate)}
        </Text>
      ) : null}
    </Group>
    <Text size="xs" ff="monospace">
      {event.reference}
    </Text>
    {event.amount !== null ? <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>{`₹ ${formatInr(event.amount)}`}</Text> : null}
    {event.payment ? (
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {PAYMENT_HEADS.filter((head) => (event.payment?.[head] ?? 0) > 0)
          .map((head) => `${lt(HEAD_TEXT[head])} ₹ ${formatInr(event.payment?.[head] ?? 0)}`)
          .join(' · ')}
      </Text>
    ) : null}
    {event.note ? <Text size="xs">{event.note}</Text> : null}
    <Text size="xs" c="dimmed">
      {lt('notice.by', { who: event.userName ?? '—', at: formatDateTime(event.at) })}
    </Text>
  </Stack>
);

/** "Contingent liability assessed: Possible, ₹1,20,000.00 as at 31-03-2026" (note: the class; blank: withdrawn). */
export const contingentEventText = (event: NoticeEvent): string => {
  const date = event.eventDate ? formatDate(event.eventDate) : '—';
  if (!event.note) return lt('notice.eventContingentWithdrawn', { date });
  return event.amount === null
    ? lt('notice.eventContingentNoAmount', { class: event.note, date })
    : lt('notice.eventContingent', { class: event.note, amount: formatInr(event.amount), date });
};

/** An Ind AS 37 assessment: one line of its own, not a step of the status model. */
const ContingentItem = ({ event }: { event: NoticeEvent }) => (
  <Stack gap={2} data-testid={`notice-event-${event.id}`} data-kind="contingent">
    <Text size="sm" c="violet.8">
      {contingentEventText(event)}
    </Text>
    <Text size="xs" c="dimmed">
      {lt('notice.by', { who: event.userName ?? '—', at: formatDateTime(event.at) })}
    </Text>
  </Stack>
);

const EventItem = ({ event }: { event: NoticeEvent }) => (
  <Stack gap={2} data-testid={`notice-event-${event.id}`} data-kind="step">
    <Group gap={6}>
      <Text size="sm" fw={600}>
        {event.fromStage && event.toStage
          ? `${STAGE_NAMES[event.fromStage]} → ${STAGE_NAMES[event.toStage]}`
          : event.toStage
            ? `${lt(ACTION_TEXT[event.action])}: ${STAGE_NAMES[event.toStage]}`
            : lt(ACTION_TEXT[event.action])}
      </Text>
      {event.eventDate ? (
        <Text size="xs" c="dimmed">
          {formatDate(event.eventDate)}
        </Text>
      ) : null}
    </Group>
    {event.reference ? (
      <Text size="xs" ff="monospace">
        {event.reference}
      </Text>
    ) : null}
    {event.amount !== null ? <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>{`₹ ${formatInr(event.amount)}`}</Text> : null}
    {event.note ? <Text size="xs">{event.note}</Text> : null}
    <Text size="xs" c="dimmed">
      {lt('notice.by', { who: event.userName ?? '—', at: formatDateTime(event.at) })}
    </Text>
  </Stack>
);

/** The appeal against the order: its last day and the pre-deposit on the notice's tax, the admitted part typed here. */
const AppealFacts = ({ notice }: { notice: NoticeDetail }) => {
  const [admitted, setAdmitted] = useState('');
  const order = [...notice.events].reverse().find((event) => event.toStage === 'Order' && event.eventDate);
  if (!order?.eventDate)
    return (
      <Text size="sm" c="dimmed">
        {lt('notice.noOrderDate')}
      </Text>
    );
  const deadline = appealDeadline(order.eventDate);
  const admittedPaise = paiseOf(admitted);
  const deposit = appealPreDeposit({
    forum: 'appellateAuthority',
    filedOn: istDateOf(new Date()),
    admitted: Number.isNaN(admittedPaise) ? 0 : admittedPaise,
    disputedTax: { igst: notice.demand.taxIgst, cgst: notice.demand.taxCgst, sgst: notice.demand.taxSgst, cess: notice.demand.taxCess },
  });
  const share = deposit.disputedShare.igst + deposit.disputedShare.cgst + deposit.disputedShare.sgst + deposit.disputedShare.cess;
  return (
    <Stack gap="xs" data-testid="notice-appeal">
      <Text size="sm" data-testid="notice-appeal-deadline">
        {lt('notice.appealDeadline', {
          due: formatDate(deadline.dueOn),
          order: formatDate(order.eventDate),
          condonable: deadline.condonableUntil ? formatDate(deadline.condonableUntil) : '—',
          section: deadline.section,
        })}
      </Text>
      <TextInput
        size="xs"
        w={180}
        label={lt('notice.admitted')}
        value={admitted}
        onChange={(event) => setAdmitted(event.currentTarget.value)}
        inputMode="decimal"
        error={Number.isNaN(admittedPaise) ? lt('notice.amountInvalid') : undefined}
        styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
        data-testid="notice-admitted"
      />
      <Text size="sm" data-testid="notice-pre-deposit">
        {lt('notice.preDeposit', {
          total: formatInr(deposit.total),
          admitted: formatInr(deposit.admitted),
          percent: deposit.percent,
          share: formatInr(share),
        })}
      </Text>
      {deposit.capped.length > 0 ? (
        <Text size="xs" c="dimmed">
          {lt('notice.preDepositCapped', { heads: deposit.capped.map((head) => head.toUpperCase()).join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
};

export const NoticeTimeline = ({ notice, onChanged }: { notice: NoticeDetail; onChanged: (next: NoticeDetail) => void }) => {
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<NoticeStageName | null>(null);
  const [isReopening, setReopening] = useState(false);
  const changed = (next: NoticeDetail) => {
    onChanged(next);
    void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] });
  };
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="sm" data-testid="notice-timeline">
        <Group justify="space-between" mb="xs">
          <Title order={5}>{lt('notice.sectionTimeline')}</Title>
          {notice.stage === 'Closed' ? (
            <Button size="xs" variant="light" onClick={() => setReopening(true)} data-testid="notice-reopen">
              {lt('notice.reopen')}
            </Button>
          ) : (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  size="xs"
                  variant="light"
                  rightSection={<IconChevronDown size={14} />}
                  disabled={notice.nextStages.length === 0}
                  data-testid="notice-move"
                >
                  {lt('notice.moveTo')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {notice.nextStages.map((stage) => (
                  <Menu.Item key={stage} onClick={() => setMoving(stage)} data-testid={`notice-move-${stage}`}>
                    {STAGE_NAMES[stage]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Text size="sm" mb="xs">
          {`${lt('notice.stage')}: ${STAGE_NAMES[notice.stage]}`}
        </Text>
        {notice.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {lt('notice.noTimeline')}
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} active={notice.events.length - 1}>
            {notice.events.map((event) =>
              event.action === 'Payment' ? (
                <Timeline.Item key={event.id} color="teal">
                  <PaymentItem event={event} />
                </Timeline.Item>
              ) : event.action === 'ContingentAssessed' ? (
                <Timeline.Item key={event.id} color="violet" bullet={<IconScale size={10} />}>
                  <ContingentItem event={event} />
                </Timeline.Item>
              ) : (
                <Timeline.Item key={event.id}>
                  <EventItem event={event} />
                </Timeline.Item>
              ),
            )}
          </Timeline>
        )}
      </Paper>
      {notice.stage === 'Order' ? (
        <Paper withBorder p="sm" radius="sm">
          <Title order={5} mb="xs">
            {lt('notice.appealTitle')}
          </Title>
          <AppealFacts notice={notice} />
        </Paper>
      ) : null}
      {moving ? <MoveModal notice={notice} stage={moving} onClose={() => setMoving(null)} onChanged={changed} /> : null}
      {isReopening ? <ReopenModal notice={notice} onClose={() => setReopening(false)} onChanged={changed} /> : null}
    </Stack>
  );
};
