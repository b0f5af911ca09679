import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { indiaDateOf, periodLabel } from '@opengst/domain';
import {
  LEDGER_KIND_TEXT,
  LEDGER_KINDS,
  paymentsText as pt,
  type CashLedger,
  type CreditLedger,
  type CreditReversalStatement,
  type LedgerKind,
  type LiabilityLedger,
} from '@opengst/contracts';
import { DateField } from '../../../shared/DateField';
import { HeadMinorTable, HeadTable, GstinPicker } from '../../../shared/payments/paymentCells';
import { byHead, LedgerEntries, sumHeads } from './ledgerTables';
import { needsPortalSession, refusalText, type PortalSessionSlot } from '../../../shared/payments/portalSessionStep';
import { ledgerKeys, readCashLedger, readCreditLedger, readCreditReversal, readLiabilityLedger, type LedgerRequest } from './ledgersApi';

// /electronic-ledger-report (spec modules §2.1: the ReportLedgers right, an OTP step and a tax-portal session): the
// electronic cash ledger (PMT-05), credit ledger (PMT-02), liability register (PMT-01) and the credit reversal and
// re-claimed statement of a GSTIN, read live from the GST portal for a date or period range: opening and closing
// balances and the transactions. Without a live portal session the server refuses with RET0008 and the OTP step is
// shown here; the ledger is read again by itself once the session is open.

type Answer =
  | { kind: 'cash'; ledger: CashLedger }
  | { kind: 'credit'; ledger: CreditLedger }
  | { kind: 'liability'; ledger: LiabilityLedger }
  | { kind: 'creditReversal'; ledger: CreditReversalStatement };

const read = async (request: LedgerRequest): Promise<Answer> => {
  switch (request.kind) {
    case 'cash':
      return { kind: 'cash', ledger: await readCashLedger(request) };
    case 'credit':
      return { kind: 'credit', ledger: await readCreditLedger(request) };
    case 'liability':
      return { kind: 'liability', ledger: await readLiabilityLedger(request) };
    case 'creditReversal':
      return { kind: 'creditReversal', ledger: await readCreditReversal(request) };
  }
};

/** MMYYYY of the month `monthsBack` before the one of `iso`. */
const periodBefore = (iso: string, monthsBack: number): string => {
  const index = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 - monthsBack;
  return `${String((index % 12) + 1).padStart(2, '0')}${Math.floor(index / 12)}`;
};
const PERIODS_SHOWN = 36;
const SESSION_POLL_MS = 3000;

const Ledger = ({ answer }: { answer: Answer }) => {
  switch (answer.kind) {
    case 'cash': {
      const { ledger } = answer;
      return (
        <Stack gap="sm">
          <HeadMinorTable amounts={ledger.opening} caption={pt('ledger.opening')} testId="ledger-opening" />
          <LedgerEntries rows={ledger.entries.map((e) => ({ ...e, amounts: byHead(e.amounts), balance: sumHeads(byHead(e.balance)) }))} />
          <HeadMinorTable amounts={ledger.closing} caption={pt('ledger.closing')} testId="ledger-closing" />
        </Stack>
      );
    }
    case 'credit': {
      const { ledger } = answer;
      return (
        <Stack gap="sm">
          <HeadTable
            rows={[
              { label: pt('ledger.opening'), amounts: ledger.opening },
              { label: pt('ledger.closing'), amounts: ledger.closing },
            ]}
            testId="ledger-balances"
          />
          <LedgerEntries rows={ledger.entries.map((e) => ({ ...e, balance: sumHeads(e.balance) }))} />
        </Stack>
      );
    }
    case 'liability': {
      const { ledger } = answer;
      return (
        <Stack gap="sm">
          <LedgerEntries
            withDischarge
            rows={ledger.entries.map((e) => ({ ...e, amounts: byHead(e.amounts), balance: sumHeads(byHead(e.balance)) }))}
          />
          <HeadMinorTable amounts={ledger.closing} caption={pt('ledger.closing')} testId="ledger-closing" />
        </Stack>
      );
    }
    case 'creditReversal': {
      const { ledger } = answer;
      return (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {pt('reversal.intro')}
          </Text>
          <LedgerEntries rows={ledger.entries.map((e) => ({ ...e, balance: sumHeads(e.balance) }))} />
          <HeadTable rows={[{ label: pt('ledger.closing'), amounts: ledger.closing }]} testId="ledger-closing" />
        </Stack>
      );
    }
  }
};

export const LedgerReportScreen = ({
  portalSession: PortalSession,
  initialKind = 'cash',
}: {
  portalSession?: PortalSessionSlot | undefined;
  initialKind?: LedgerKind;
}) => {
  const today = indiaDateOf(new Date());
  const periods = Array.from({ length: PERIODS_SHOWN }, (_, i) => periodBefore(today, i));
  const [entityId, setEntityId] = useState<number | null>(null);
  const [kind, setKind] = useState<LedgerKind>(initialKind);
  const [fromDate, setFromDate] = useState(`${today.slice(0, 8)}01`);
  const [toDate, setToDate] = useState(today);
  const [fromPeriod, setFromPeriod] = useState(periods[0] ?? '');
  const [toPeriod, setToPeriod] = useState(periods[0] ?? '');
  const [request, setRequest] = useState<LedgerRequest | null>(null);
  const answer = useQuery({
    queryKey: ledgerKeys.ledger(request ?? { kind: 'cash', entityId: 0, fromDate: '', toDate: '' }),
    // Enabled only once a request is set.
    queryFn: () => read(request!),
    enabled: request !== null,
    retry: false,
    // While the OTP step is shown, ask again now and then: the ledger appears by itself once the session is open (the
    // server answers RET0008 from its own table, without calling the portal).
    refetchInterval: (query) => (needsPortalSession(query.state.error) ? SESSION_POLL_MS : false),
  });

  const requestOf = (id: number): LedgerRequest =>
    kind === 'cash' || kind === 'credit'
      ? { kind, entityId: id, fromDate, toDate }
      : kind === 'liability'
        ? { kind, entityId: id, fromPeriod, toPeriod }
        : { kind, entityId: id, period: toPeriod };
  const show = () => {
    if (entityId === null) return;
    const next = requestOf(entityId);
    if (JSON.stringify(next) === JSON.stringify(request)) void answer.refetch();
    else setRequest(next);
  };
  const periodSelect = (label: string, value: string, onChange: (period: string) => void, testId: string) => (
    <Select
      size="xs"
      w={130}
      label={label}
      data={periods.map((period) => ({ value: period, label: periodLabel(period) }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      data-testid={testId}
    />
  );

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end">
        <GstinPicker value={entityId} onChange={(id) => setEntityId(id)} label={pt('challan.gstin')} testId="ledger-gstin" />
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            {pt('ledger.kind')}
          </Text>
          <SegmentedControl
            size="xs"
            data={LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_TEXT[k] }))}
            value={kind}
            onChange={(next) => setKind(next as LedgerKind)}
            data-testid="ledger-kind"
          />
        </Stack>
      </Group>
      <Group gap="xs" align="flex-end">
        {kind === 'cash' || kind === 'credit' ? (
          <>
            <DateField size="xs" w={130} label={pt('ledger.fromDate')} value={fromDate} onChange={setFromDate} maxDate={toDate} />
            <DateField
              size="xs"
              w={130}
              label={pt('ledger.toDate')}
              value={toDate}
              onChange={setToDate}
              minDate={fromDate}
              maxDate={today}
            />
          </>
        ) : kind === 'liability' ? (
          <>
            {periodSelect(pt('ledger.fromPeriod'), fromPeriod, setFromPeriod, 'ledger-from-period')}
            {periodSelect(pt('ledger.toPeriod'), toPeriod, setToPeriod, 'ledger-to-period')}
          </>
        ) : (
          periodSelect(pt('ledger.period'), toPeriod, setToPeriod, 'ledger-period')
        )}
        <Button size="xs" onClick={show} disabled={entityId === null} loading={answer.isFetching} data-testid="ledger-show">
          {pt('ledger.show')}
        </Button>
      </Group>
      {entityId === null ? (
        <Text size="sm" c="dimmed">
          {pt('ledger.pickGstin')}
        </Text>
      ) : null}
      {answer.isError ? (
        needsPortalSession(answer.error) ? (
          <Stack gap="xs" data-testid="ledger-otp-step">
            <Alert color="orange" variant="light" py={6}>
              {pt('ledger.needSession')}
            </Alert>
            {PortalSession && request ? <PortalSession entityId={request.entityId} /> : null}
          </Stack>
        ) : (
          <Alert color="red" variant="light" py={6} role="alert" data-testid="ledger-refused">
            {refusalText(answer.error)}
          </Alert>
        )
      ) : null}
      {answer.data && !answer.isError ? <Ledger answer={answer.data} /> : null}
    </Stack>
  );
};

/** /electronic-credit-reversal-reclaim-statement (modules §2.1): the same report, opened on that statement. */
export const CreditReversalStatementScreen = ({ portalSession }: { portalSession?: PortalSessionSlot | undefined }) => (
  <LedgerReportScreen portalSession={portalSession} initialKind="creditReversal" />
);
