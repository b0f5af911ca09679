import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  challanAmountsOf,
  challanOf,
  challanValidUntil,
  formatInr,
  indiaDateOf,
  otcLimitOn,
  PAYMENT_MODES,
  type ChallanAmountsInput,
  type MinorHead,
  type PaymentMode,
  type TaxHead,
} from '@opengst/domain';
import { CHALLAN_BANKS, MINOR_HEAD_KEYS, MINOR_HEAD_TEXT, paymentsText as pt, TAX_HEAD_KEYS, TAX_HEAD_TEXT } from '@opengst/contracts';
import { formatDate } from '../../../shared/format';
import { notifySuccess } from '../../../shared/notifySuccess';
import { Amount, GstinPicker, NUMERIC, useGstinLocations } from '../../../shared/payments/paymentCells';
import { needsPortalSession, refusalText, type PortalSessionSlot } from '../../../shared/payments/portalSessionStep';
import { challanPayLink, createChallan, paymentKeys } from './paymentsApi';

// /gst-challan-payment-process (spec core §2: empty sidebar, the GST challan right): a challan (Form GST PMT-06) for a
// GSTIN from the amounts by major head and minor head, in whole rupees (s.170), with its validity of 15 days
// (Rule 87(2)) and the payment mode; over the counter at most ₹10,000 a challan (Rule 87(3)(iv)). The domain checks the
// challan as the user types, the server checks it again and generates it at the portal over the GSTIN's session, so
// the OTP step is shown here.

const MODES = Object.keys(PAYMENT_MODES) as PaymentMode[];
type Cells = Partial<Record<TaxHead, Partial<Record<MinorHead, number>>>>;

/**
 * A link may bring the amounts to deposit (the GSTR-3B set-off's cash, for one): `?entityId=5&igst.tax=600000`, each
 * cell in paise as `{head}.{minor}`. The grid takes rupees, so a cell is shown as paise / 100.
 */
const prefilledRupees = (params: URLSearchParams): Cells => {
  const cells: Cells = {};
  for (const head of TAX_HEAD_KEYS)
    for (const minor of MINOR_HEAD_KEYS) {
      const paise = Number(params.get(`${head}.${minor}`));
      if (Number.isSafeInteger(paise) && paise > 0) cells[head] = { ...cells[head], [minor]: paise / 100 };
    }
  return cells;
};

export const ChallanCreateScreen = ({ portalSession: PortalSession }: { portalSession?: PortalSessionSlot | undefined }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = indiaDateOf(new Date());
  const [params] = useSearchParams();
  const [entityId, setEntityId] = useState<number | null>(() => Number(params.get('entityId')) || null);
  const [rupees, setRupees] = useState<Cells>(() => prefilledRupees(params));
  const locations = useGstinLocations();
  const gstin = locations.find((location) => location.entityId === entityId)?.gstin ?? null;
  const [mode, setMode] = useState<PaymentMode>('netBanking');
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; needsSession: boolean } | null>(null);

  const amounts = useMemo<ChallanAmountsInput>(() => {
    const paise: Cells = {};
    for (const head of TAX_HEAD_KEYS)
      for (const minor of MINOR_HEAD_KEYS) {
        const value = rupees[head]?.[minor];
        if (value) paise[head] = { ...paise[head], [minor]: Math.round(value * 100) };
      }
    return paise;
  }, [rupees]);
  const cells = challanAmountsOf(amounts);
  // The sandbox's GSTINs may carry no check character: the server checks the GSTIN against the portal it talks to.
  const checked = gstin ? challanOf({ gstin, generatedOn: today, mode, amounts, sandbox: true }) : null;
  const problems = checked && !checked.ok ? checked.problems.filter((p) => p.code !== 'CHALLAN_EMPTY') : [];
  const total = TAX_HEAD_KEYS.reduce((sum, head) => sum + MINOR_HEAD_KEYS.reduce((s, minor) => s + cells[head][minor], 0), 0);
  const channel = PAYMENT_MODES[mode].channel;
  const otcLimit = otcLimitOn(today);
  const canCreate = entityId !== null && checked?.ok === true && (channel === 'mandate' || bankCode !== null) && !isBusy;

  const setCell = (head: TaxHead, minor: MinorHead, value: number | string) =>
    setRupees((current) => ({ ...current, [head]: { ...current[head], [minor]: typeof value === 'number' ? value : 0 } }));

  const submit = async () => {
    if (entityId === null) return;
    setBusy(true);
    setRefusal(null);
    try {
      const challan = await createChallan({
        entityId,
        mode,
        amounts,
        ...(channel !== 'mandate' && bankCode ? { bankCode } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      notifySuccess(pt('challan.created', { cpin: challan.cpin }));
      void navigate(challanPayLink(challan.id));
    } catch (error) {
      setRefusal({ text: refusalText(error), needsSession: needsPortalSession(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" maw={1000} mx="auto" p="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {pt('challan.createTitle')}
        </Title>
        <Anchor component={Link} to="/gst-challans" size="sm">
          {pt('challan.title')}
        </Anchor>
      </Group>
      <GstinPicker value={entityId} onChange={setEntityId} label={pt('challan.gstin')} testId="challan-gstin" />
      {entityId !== null && PortalSession ? <PortalSession entityId={entityId} /> : null}
      <Paper withBorder p="sm" radius="sm">
        <Table withColumnBorders fz="sm" verticalSpacing={4} data-testid="challan-grid">
          <Table.Caption>{pt('challan.wholeRupees')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{pt('challan.head')}</Table.Th>
              {MINOR_HEAD_KEYS.map((minor) => (
                <Table.Th key={minor} ta="right">
                  {MINOR_HEAD_TEXT[minor]} (₹)
                </Table.Th>
              ))}
              <Table.Th ta="right">{pt('challan.total')} (₹)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TAX_HEAD_KEYS.map((head) => (
              <Table.Tr key={head}>
                <Table.Th scope="row">{TAX_HEAD_TEXT[head]}</Table.Th>
                {MINOR_HEAD_KEYS.map((minor) => (
                  <Table.Td key={minor}>
                    <NumberInput
                      size="xs"
                      min={0}
                      allowNegative={false}
                      thousandSeparator=","
                      thousandsGroupStyle="lakh"
                      hideControls
                      styles={{ input: { textAlign: 'right', ...NUMERIC } }}
                      aria-label={`${TAX_HEAD_TEXT[head]} ${MINOR_HEAD_TEXT[minor]}`}
                      value={rupees[head]?.[minor] ?? ''}
                      onChange={(value) => setCell(head, minor, value)}
                      data-testid={`cell-${head}-${minor}`}
                    />
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600}>
                  <Amount paise={MINOR_HEAD_KEYS.reduce((sum, minor) => sum + cells[head][minor], 0)} testId={`total-${head}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{pt('challan.total')}</Table.Th>
              {MINOR_HEAD_KEYS.map((minor) => (
                <Table.Td key={minor} ta="right" fw={600}>
                  <Amount paise={TAX_HEAD_KEYS.reduce((sum, head) => sum + cells[head][minor], 0)} />
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                <Amount paise={total} testId="challan-total" />
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
      <Group gap="sm" align="flex-end">
        <Select
          size="xs"
          w={220}
          label={pt('challan.mode')}
          data={MODES.map((m) => ({ value: m, label: PAYMENT_MODES[m].label }))}
          value={mode}
          allowDeselect={false}
          onChange={(next) => {
            if (next) setMode(next as PaymentMode);
          }}
          data-testid="challan-mode"
        />
        {channel !== 'mandate' ? (
          <Select
            size="xs"
            w={240}
            label={pt('challan.bank')}
            data={Object.entries(CHALLAN_BANKS).map(([code, name]) => ({ value: code, label: name }))}
            value={bankCode}
            onChange={setBankCode}
            searchable
            data-testid="challan-bank"
          />
        ) : null}
      </Group>
      <Text size="sm" data-testid="challan-validity">
        {pt('challan.validity', { date: formatDate(challanValidUntil(today)) })}
        {mode === 'otc' && otcLimit !== null ? ` ${pt('challan.otcLimit', { limit: formatInr(otcLimit) })}` : ''}
      </Text>
      {problems.length > 0 ? (
        <Alert color="red" variant="light" py={6} data-testid="challan-problems">
          {problems.map((p) => (
            <Text key={`${p.code}-${p.propertyName ?? ''}`} size="sm">
              {p.message}
            </Text>
          ))}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="red" variant="light" py={6} role="alert" data-testid="challan-refused">
          {refusal.needsSession ? pt('ledger.needSession') : refusal.text}
        </Alert>
      ) : null}
      <Group>
        <Button size="xs" onClick={() => void submit()} disabled={!canCreate} loading={isBusy} data-testid="challan-submit">
          {pt('challan.create')}
        </Button>
      </Group>
    </Stack>
  );
};
