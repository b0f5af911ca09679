import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatInr, indiaDateOf } from '@opengst/domain';
import { vendorPaymentText as vp, type VendorInvoice } from '@opengst/contracts';
import { DateField } from '../../../shared/DateField';
import { splitApiErrors } from '../../../shared/forms';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { invoiceColumn } from './invoiceColumns';
import { checkLine, proposedText, type LineText } from './payLines';
import { recordPayment, recordRelease, vendorInvoices, vendorPaymentKeys } from './vendorPaymentApi';
import { ClockCell, HoldCell, Money, moneyColumn } from './vendorPaymentCells';

// /pay-initiate-payment (spec core §2, direct access): the chosen suppliers' invoices with what is paid now and the GST
// held back (proposed, and changed in place for a part payment), confirmed with the payment's date and bank reference;
// then the GST held on those suppliers' invoices, awaiting release, with what can be released now (the invoice has
// since reached the GSTR-2B).

const listOf = (value: string | null): string[] => (value ? value.split(',').filter(Boolean) : []);

type Voucher = { paymentDate: string; reference: string; remarks: string };

const VoucherFields = ({ value, onChange, prefix }: { value: Voucher; onChange: (next: Voucher) => void; prefix: string }) => (
  <Group gap="xs" align="flex-end">
    <DateField
      size="xs"
      w={150}
      label={vp('vendorPayment.paymentDate')}
      value={value.paymentDate}
      onChange={(paymentDate) => onChange({ ...value, paymentDate })}
      required
      data-testid={`${prefix}-date`}
    />
    <TextInput
      size="xs"
      w={200}
      label={vp('vendorPayment.reference')}
      value={value.reference}
      maxLength={50}
      required
      onChange={(event) => onChange({ ...value, reference: event.currentTarget.value })}
      data-testid={`${prefix}-reference`}
    />
    <TextInput
      size="xs"
      w={300}
      label={vp('vendorPayment.remarks')}
      value={value.remarks}
      maxLength={500}
      onChange={(event) => onChange({ ...value, remarks: event.currentTarget.value })}
      data-testid={`${prefix}-remarks`}
    />
  </Group>
);

const voucherBody = (voucher: Voucher) => ({
  paymentDate: voucher.paymentDate,
  reference: voucher.reference.trim(),
  ...(voucher.remarks.trim() ? { remarks: voucher.remarks.trim() } : {}),
});

/** The invoices to pay, with the amounts of each line typed in place (proposed from the reconciliation). */
const payColumns = (
  textOf: (invoice: VendorInvoice) => LineText,
  errorOf: (invoice: VendorInvoice) => string | null,
  onChange: (invoice: VendorInvoice, text: LineText) => void,
): Column<VendorInvoice>[] => {
  const amountInput = (field: keyof LineText, label: string) => (invoice: VendorInvoice) => (
    <TextInput
      size="xs"
      w={120}
      aria-label={`${label} ${invoice.documentNumber}`}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      value={textOf(invoice)[field]}
      error={field === 'paid' ? errorOf(invoice) : undefined}
      onChange={(event) => onChange(invoice, { ...textOf(invoice), [field]: event.currentTarget.value })}
      data-testid={`pay-${field}-${invoice.documentNumber}`}
    />
  );
  return [
    invoiceColumn,
    moneyColumn<VendorInvoice>('outstanding', vp('vendorPayment.outstanding'), (i) => i.outstanding),
    { key: 'status', header: vp('vendorPayment.status'), width: 230, render: (invoice) => <HoldCell invoice={invoice} /> },
    { key: 'paid', header: vp('vendorPayment.payableNow'), width: 140, render: amountInput('paid', vp('vendorPayment.payableNow')) },
    { key: 'held', header: vp('vendorPayment.holdNow'), width: 140, render: amountInput('held', vp('vendorPayment.holdNow')) },
    { key: 'clock', header: vp('vendorPayment.dueDate'), width: 120, render: (invoice) => <ClockCell invoice={invoice} /> },
  ];
};

const heldColumns = [
  invoiceColumn,
  { key: 'status', header: vp('vendorPayment.status'), width: 230, render: (invoice: VendorInvoice) => <HoldCell invoice={invoice} /> },
  moneyColumn<VendorInvoice>('held', vp('vendorPayment.held'), (i) => i.held),
  moneyColumn<VendorInvoice>('releasable', vp('vendorPayment.releasable'), (i) => i.releasable, 'release'),
];

const sumOf = <T,>(rows: readonly T[], value: (row: T) => number) => rows.reduce((s, row) => s + value(row), 0);

export const PayInitiatePaymentScreen = () => {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const suppliers = useMemo(() => listOf(params.get('suppliers')), [params]);
  const documents = useMemo(() => new Set(listOf(params.get('documents')).map(Number)), [params]);
  const today = indiaDateOf(new Date());
  const [payment, setPayment] = useState<Voucher>({ paymentDate: today, reference: '', remarks: '' });
  const [release, setRelease] = useState<Voucher>({ paymentDate: today, reference: '', remarks: '' });
  const [releaseChoice, setReleaseChoice] = useState<number[] | null>(null);
  const [edits, setEdits] = useState<Record<number, LineText>>({});
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [releaseRefusal, setReleaseRefusal] = useState<string[]>([]);
  const query = useQuery({
    queryKey: vendorPaymentKeys.invoices(suppliers),
    queryFn: () => vendorInvoices(suppliers),
    enabled: suppliers.length > 0,
  });
  const invoices = query.data ?? [];
  const toPay = invoices.filter((i) => i.outstanding > 0 && (documents.size === 0 || documents.has(i.documentId)));
  const textOf = (invoice: VendorInvoice) => edits[invoice.documentId] ?? proposedText(invoice);
  const checked = new Map(toPay.map((invoice) => [invoice.documentId, checkLine(invoice, textOf(invoice))]));
  const lines = [...checked.values()].flatMap((line) => (line.amounts && line.amounts.paid + line.amounts.held > 0 ? [line.amounts] : []));
  const hasErrors = [...checked.values()].some((line) => line.error !== null);
  const held = invoices.filter((i) => i.held > 0);
  // What can be released now is chosen by default; the user may take some out.
  const releaseIds = releaseChoice ?? held.filter((i) => i.releasable > 0).map((i) => i.documentId);
  const toRelease = held.filter((i) => releaseIds.includes(i.documentId) && i.releasable > 0);

  const reload = () => queryClient.invalidateQueries({ queryKey: vendorPaymentKeys.all });
  const pay = async () => {
    setBusy(true);
    setRefusal([]);
    try {
      const record = await recordPayment({
        ...voucherBody(payment),
        lines,
      });
      notifySuccess(vp('vendorPayment.recorded', { paid: formatInr(record.paid), held: formatInr(record.held) }));
      setPayment({ paymentDate: today, reference: '', remarks: '' });
      setEdits({});
      await reload();
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  const releaseHeld = async () => {
    setBusy(true);
    setReleaseRefusal([]);
    try {
      const record = await recordRelease({
        ...voucherBody(release),
        lines: toRelease.map((i) => ({ documentId: i.documentId, amount: i.releasable })),
      });
      notifySuccess(vp('vendorPayment.released', { released: formatInr(record.released) }));
      setRelease({ paymentDate: today, reference: '', remarks: '' });
      setReleaseChoice(null);
      await reload();
    } catch (error) {
      setReleaseRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };

  if (suppliers.length === 0)
    return (
      <Alert color="yellow" variant="light" data-testid="pay-nothing">
        <Stack gap={4}>
          <Text size="sm">{vp('vendorPayment.nothingChosen')}</Text>
          <Anchor component={Link} to="/initiate-payment" size="sm">
            {vp('vendorPayment.back')}
          </Anchor>
        </Stack>
      </Alert>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" data-testid="pay-failed">
        {loadFailureText(query.error, vp('vendorPayment.loadFailed'))}
      </Alert>
    );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Anchor component={Link} to="/initiate-payment" size="sm" data-testid="pay-back">
          {vp('vendorPayment.back')}
        </Anchor>
      </Group>
      <DataTable
        columns={payColumns(
          textOf,
          (invoice) => checked.get(invoice.documentId)?.error ?? null,
          (invoice, text) => setEdits((current) => ({ ...current, [invoice.documentId]: text })),
        )}
        rows={toPay}
        rowId={(invoice) => invoice.documentId}
        rowTestId={(invoice) => `pay-${invoice.documentNumber}`}
        totalRecords={toPay.length}
        isLoading={query.isPending}
        emptyText={vp('vendorPayment.invoicesEmpty')}
        rowHeight={52}
      />
      {toPay.length > 0 ? (
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <Group gap="lg">
              <Text size="sm">
                {vp('vendorPayment.payableNow')}: <Money paise={sumOf(lines, (l) => l.paid)} testId="pay-total" />
              </Text>
              <Text size="sm">
                {vp('vendorPayment.holdNow')}: <Money paise={sumOf(lines, (l) => l.held)} tone="hold" testId="pay-hold-total" />
              </Text>
            </Group>
            <VoucherFields value={payment} onChange={setPayment} prefix="pay" />
            <RefusalAlert messages={refusal} testId="pay-refusal" />
            <Group>
              <Button
                size="xs"
                loading={isBusy}
                disabled={!payment.paymentDate || !payment.reference.trim() || hasErrors || lines.length === 0}
                onClick={() => void pay()}
                data-testid="pay-confirm"
              >
                {vp('vendorPayment.confirm')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      <Title order={5}>{vp('vendorPayment.awaitingRelease')}</Title>
      <Text size="xs" c="dimmed">
        {vp('vendorPayment.releaseHint')}
      </Text>
      <DataTable
        columns={heldColumns}
        rows={held}
        rowId={(invoice) => invoice.documentId}
        rowTestId={(invoice) => `held-${invoice.documentNumber}`}
        totalRecords={held.length}
        isLoading={query.isPending}
        emptyText={vp('vendorPayment.awaitingReleaseEmpty')}
        selection={{ selected: releaseIds, onChange: setReleaseChoice, actions: null }}
        rowHeight={52}
      />
      {toRelease.length > 0 ? (
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <Text size="sm">
              {vp('vendorPayment.releasable')}:{' '}
              <Money paise={sumOf(toRelease, (i) => i.releasable)} tone="release" testId="release-total" />
            </Text>
            <VoucherFields value={release} onChange={setRelease} prefix="release" />
            <RefusalAlert messages={releaseRefusal} testId="release-refusal" />
            <Group>
              <Button
                size="xs"
                color="green"
                loading={isBusy}
                disabled={!release.paymentDate || !release.reference.trim()}
                onClick={() => void releaseHeld()}
                data-testid="release-confirm"
              >
                {vp('vendorPayment.confirmRelease')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
};
