import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatInr } from '@opengst/domain';
import {
  DRC01_FORM_TEXT,
  TAX_HEAD_KEYS,
  TAX_HEAD_TEXT,
  drc01Text as dt,
  type Drc01Detail,
  type Drc01Form,
  type Drc01Heads,
  type Drc01Intimation,
  type Drc01Precheck,
} from '@opengst/contracts';
import { formatDate } from '../../../shared/format';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { NUMERIC } from '../../../shared/payments/paymentCells';
import type { PortalSessionSlot } from '../../../shared/payments/portalSessionStep';
import { DRC01_ROUTES, drc01Keys, intimationDetail } from './drc01Api';
import { Drc01ReplyForm } from './Drc01ReplyForm';
import { Drc01StatusBadge } from './Drc01ListScreen';

// /drc-01b-view and /drc-01c-view (spec core §2; the Drc01 right): one intimation. Part A's figures by head as the
// portal compared them, the difference and the excess it intimated, and beside them the product's own precheck of the
// period (UI.md "Explain, don't just flag": both sides and the difference). An open intimation takes its Part B reply
// here (Drc01ReplyForm, with the EVC OTP step); an answered one shows its acknowledgement and DRC-03.

const sum = (h: Drc01Heads): number => TAX_HEAD_KEYS.reduce((s, head) => s + h[head], 0);
const cell = (paise: number, testId?: string) => (
  <Table.Td ta="right" style={NUMERIC} c={paise < 0 ? 'red' : undefined} data-testid={testId}>
    {formatInr(paise)}
  </Table.Td>
);

const FiguresTable = ({ intimation, precheck }: { intimation: Drc01Intimation; precheck: Drc01Precheck }) => {
  const isB = intimation.form === 'DRC01B';
  const own = precheck.figures;
  const rows: [key: string, label: string, value: (h: Drc01Heads) => number][] = [
    ...TAX_HEAD_KEYS.map((head): [string, string, (h: Drc01Heads) => number] => [head, TAX_HEAD_TEXT[head], (h) => h[head]]),
    ['total', dt('drc.total'), sum],
  ];
  return (
    <Table withTableBorder striped fz="sm" data-testid="drc-figures">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{dt('drc.head')}</Table.Th>
          <Table.Th ta="right">{isB ? dt('drc.reportedB') : dt('drc.reportedC')}</Table.Th>
          <Table.Th ta="right">{isB ? dt('drc.baselineB') : dt('drc.baselineC')}</Table.Th>
          <Table.Th ta="right">{`${dt('drc.difference')} (${dt('drc.portal')})`}</Table.Th>
          <Table.Th ta="right">{`${dt('drc.excess')} (${dt('drc.portal')})`}</Table.Th>
          <Table.Th ta="right">{`${dt('drc.excess')} (${dt('drc.precheck')})`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([key, label, value]) => (
          <Table.Tr key={key} data-testid={`drc-figures-${key}`}>
            <Table.Td>{label}</Table.Td>
            {cell(value(intimation.reported))}
            {cell(value(intimation.baseline))}
            {cell(value(intimation.difference))}
            {cell(value(intimation.excess), `drc-excess-${key}`)}
            {own ? cell(value(own.excess), `drc-precheck-${key}`) : <Table.Td ta="right">—</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

const Field = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" data-testid={testId}>
      {value || '—'}
    </Text>
  </Stack>
);

const ReplyFacts = ({ intimation }: { intimation: Drc01Intimation }) => {
  const reply = intimation.reply;
  if (!reply) return null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="drc-replied">
      <Text fw={600} size="sm" mb={4}>
        {dt('drc.replied')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Field label={dt('drc.ack')} value={reply.ackNumber} testId="drc-ack" />
        <Field label={dt('drc.reason')} value={reply.reasonText ?? ''} />
        <Field label={dt('drc.explanation')} value={reply.explanation ?? ''} />
        <Field
          label={dt('drc.drc03Arn')}
          value={reply.drc03 ? `${reply.drc03.arn} · ₹ ${formatInr(sum(reply.drc03.tax))}` : ''}
          testId="drc-drc03"
        />
      </SimpleGrid>
    </Paper>
  );
};

export const Drc01ViewScreen = ({
  form,
  portalSession: PortalSession,
}: {
  form: Drc01Form;
  portalSession?: PortalSessionSlot | undefined;
}) => {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const hasId = Number.isInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: drc01Keys.detail(id), queryFn: () => intimationDetail(id), enabled: hasId });
  const back = (
    <Anchor component={Link} to={DRC01_ROUTES[form].list} size="sm" data-testid="drc-back">
      {dt('drc.back')}
    </Anchor>
  );
  if (!hasId)
    return (
      <Alert color="red" variant="light" data-testid="drc-no-intimation">
        {dt('drc.noIntimation')} {back}
      </Alert>
    );
  if (detail.isPending) return <Loader size="sm" />;
  if (detail.isError)
    return (
      <Alert color="red" variant="light" data-testid="drc-view-failed">
        {loadFailureText(detail.error, 'The intimation could not be loaded. Please try again.')}
      </Alert>
    );
  const { intimation, precheck, sandbox } = detail.data;
  const onReplied = (next: Drc01Detail) => {
    queryClient.setQueryData(drc01Keys.detail(id), next);
    void queryClient.invalidateQueries({ queryKey: [...drc01Keys.all, 'list'] });
    notifySuccess(
      `${DRC01_FORM_TEXT[form]} ${next.intimation.referenceNumber}: ${dt('drc.replied')} (${next.intimation.reply?.ackNumber ?? ''})`,
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{`${DRC01_FORM_TEXT[intimation.form]} ${intimation.referenceNumber}`}</Text>
          <Drc01StatusBadge intimation={intimation} />
        </Group>
        {back}
      </Group>
      <Paper withBorder p="sm" radius="sm">
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
          <Field label={dt('drc.gstin')} value={`${intimation.gstin} · ${intimation.entityName}`} />
          <Field label={dt('drc.period')} value={`${periodLabel(intimation.period)} (${intimation.period})`} />
          <Field label={dt('drc.issuedOn')} value={formatDate(intimation.issuedOn)} />
          <Field label={dt('drc.dueOn')} value={formatDate(intimation.dueOn)} testId="drc-due" />
          <Field label={dt('drc.excess')} value={`₹ ${formatInr(intimation.totalExcess)}`} testId="drc-total-excess" />
        </SimpleGrid>
      </Paper>
      <FiguresTable intimation={intimation} precheck={precheck} />
      <Text size="sm" data-testid="drc-explanation-portal">
        {`${dt('drc.portal')}: ${intimation.explanation}`}
      </Text>
      <Text size="sm" c={precheck.figures ? undefined : 'dimmed'} data-testid="drc-precheck">
        {precheck.figures
          ? `${dt('drc.precheck')}: ${precheck.figures.explanation}`
          : `${dt('drc.precheck')}: ${dt('drc.precheckMissing')} ${precheck.missing.join(', ')}`}
      </Text>
      {sandbox ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} py={6} data-testid="drc-sandbox">
          {dt('drc.sandbox')}
        </Alert>
      ) : null}
      {PortalSession && intimation.status === 'Open' ? <PortalSession entityId={intimation.entityId} /> : null}
      {intimation.status === 'Open' ? (
        <Drc01ReplyForm intimation={intimation} onReplied={onReplied} />
      ) : (
        <ReplyFacts intimation={intimation} />
      )}
    </Stack>
  );
};

export const Drc01bViewScreen = ({ portalSession }: { portalSession?: PortalSessionSlot | undefined }) => (
  <Drc01ViewScreen form="DRC01B" portalSession={portalSession} />
);
export const Drc01cViewScreen = ({ portalSession }: { portalSession?: PortalSessionSlot | undefined }) => (
  <Drc01ViewScreen form="DRC01C" portalSession={portalSession} />
);
