import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EWAYBILL_STATUS_TEXT, EWB_TRANSPORT_MODE_TEXT, ewaybillText as wt, type EwaybillDetail } from '@opengst/contracts';
import { ApiError } from '../../api/http';
import { DetailDrawer, Field, FieldList } from '../../shared/DetailDrawer';
import { formatDate, formatIstDateTime } from '../../shared/format';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { Amount } from '../../shared/payments/paymentCells';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { useRights } from '../../shared/useRights';
import { EwaybillActionModal, type EwaybillActionKind } from './EwaybillActionModal';
import { EwaybillStatusBadge } from './EwaybillStatusBadge';
import { MultiVehiclePanel } from './MultiVehiclePanel';
import { ewaybillDetail, ewaybillKeys, refreshEwaybill } from './ewaybillApi';
import { timeLeftText } from './validity';

// A document's e-way bill: number, validity with the time left, Part B, the history of every action, and the actions
// offered only when the law allows them now (the server's ewaybillActions): otherwise disabled, the reason as tooltip.

const ACTIONS: readonly { kind: EwaybillActionKind & keyof EwaybillDetail['actions']; label: Parameters<typeof wt>[0]; color?: string }[] =
  [
    { kind: 'updateVehicle', label: 'ewaybill.updateVehicle' },
    { kind: 'updateTransporter', label: 'ewaybill.updateTransporter' },
    { kind: 'extend', label: 'ewaybill.extend' },
    { kind: 'cancel', label: 'ewaybill.cancel', color: 'red' },
  ];

const DetailBody = ({ detail, canAct }: { detail: EwaybillDetail; canAct: boolean }) => {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<EwaybillActionKind | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [isReading, setReading] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: ewaybillKeys.all });
  const refresh = async () => {
    setReading(true);
    setRefusals([]);
    try {
      await refreshEwaybill(detail.id);
      await reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setRefusals(error.items.map((i) => i.message));
      else throw error;
    } finally {
      setReading(false);
    }
  };
  return (
    <Stack gap="md" data-testid="ewaybill-detail">
      {detail.isSandbox ? (
        <Alert color="yellow" variant="light" py={6}>
          {wt('ewaybill.sandbox')}
        </Alert>
      ) : null}
      <FieldList>
        <Field label={wt('ewaybill.status')}>
          <EwaybillStatusBadge status={detail.status} />
        </Field>
        <Field label={wt('ewaybill.ewbNumber')}>
          <Text size="sm" ff="monospace" data-testid="ewaybill-detail-number">
            {detail.ewbNumber ?? '—'}
          </Text>
        </Field>
        <Field
          label={wt('ewaybill.document')}
        >{`${detail.documentType} ${detail.documentNumber} · ${formatDate(detail.documentDate)}`}</Field>
        <Field label={wt('ewaybill.buyer')}>{`${detail.counterpartyName ?? ''} ${detail.counterpartyGstin || 'URP'}`}</Field>
        <Field label={wt('ewaybill.value')}>
          <Amount paise={detail.documentValue} />
        </Field>
        <Field label={wt('ewaybill.generatedAt')}>{detail.generatedAt ? formatIstDateTime(detail.generatedAt) : null}</Field>
        <Field label={wt('ewaybill.validUntil')}>
          {detail.ewbNumber ? (
            <Text
              size="sm"
              data-testid="ewaybill-detail-validity"
            >{`${detail.validUntil ? formatIstDateTime(detail.validUntil) : ''} (${timeLeftText(detail.validUntil, Date.now())})`}</Text>
          ) : null}
        </Field>
        <Field label={wt('ewaybill.vehicle')}>
          {detail.transportMode
            ? `${EWB_TRANSPORT_MODE_TEXT[detail.transportMode] ?? detail.transportMode} ${detail.vehicleNumber ?? detail.transportDocumentNumber ?? ''}`
            : null}
        </Field>
        <Field label={wt('ewaybill.transporter')}>
          {detail.transporterId ? `${detail.transporterId} ${detail.transporterName ?? ''}` : null}
        </Field>
      </FieldList>
      {canAct && detail.ewbNumber ? (
        <Group gap="xs" data-testid="ewaybill-actions">
          {ACTIONS.map(({ kind: action, label, color }) => {
            const check = detail.actions[action];
            return (
              <Tooltip key={action} label={check.reason ?? ''} disabled={check.allowed} multiline w={300}>
                <span>
                  <Button
                    size="xs"
                    variant="light"
                    color={color}
                    disabled={!check.allowed}
                    onClick={() => setKind(action)}
                    data-testid={`ewaybill-action-${action}`}
                    data-reason={check.reason ?? undefined}
                  >
                    {wt(label)}
                  </Button>
                </span>
              </Tooltip>
            );
          })}
          <Button size="xs" variant="default" loading={isReading} onClick={() => void refresh()} data-testid="ewaybill-action-refresh">
            {wt('ewaybill.refresh')}
          </Button>
        </Group>
      ) : null}
      <RefusalAlert messages={refusals} testId="ewaybill-detail-refused" />
      {detail.status === 'Error' ? (
        <Alert color="red" variant="light" title={wt('ewaybill.problems')}>
          <List size="sm">
            {(detail.errors.length ? detail.errors : [{ code: detail.errorCode ?? '', field: '', message: detail.errorMessage ?? '' }]).map(
              (p, i) => (
                <List.Item key={`${p.code}-${i}`}>{`${p.code ? `${p.code} ` : ''}${p.field ? `(${p.field}) ` : ''}${p.message}`}</List.Item>
              ),
            )}
          </List>
        </Alert>
      ) : null}
      <MultiVehiclePanel detail={detail} canAct={canAct} onDone={() => void reload()} />
      {detail.events.length ? (
        <Stack gap={4}>
          <Title order={6}>{wt('ewaybill.history')}</Title>
          <Table withTableBorder fz="xs" data-testid="ewaybill-history">
            <Table.Tbody>
              {detail.events.map((e, i) => (
                <Table.Tr key={`${e.at}-${i}`}>
                  <Table.Td>{formatIstDateTime(e.at)}</Table.Td>
                  <Table.Td ff="monospace">{e.action}</Table.Td>
                  <Table.Td>{e.errorCode ? `${e.errorCode}: ${e.errorMessage ?? ''}` : EWAYBILL_STATUS_TEXT[e.status]}</Table.Td>
                  <Table.Td>
                    {[e.vehicleNumber, e.reasonName ? `${wt('ewaybill.reason')}: ${e.reasonName}` : null, e.remark]
                      .filter(Boolean)
                      .join(' · ')}
                  </Table.Td>
                  <Table.Td>{e.byName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      <EwaybillActionModal
        key={kind ?? 'none'}
        kind={kind}
        documentId={detail.id}
        onClose={() => setKind(null)}
        onDone={(result) => {
          setKind(null);
          if ('status' in result)
            notifySuccess(wt('ewaybill.done', { number: result.ewbNumber ?? '', status: EWAYBILL_STATUS_TEXT[result.status] }));
          void reload();
        }}
      />
    </Stack>
  );
};

export const EwaybillDetailDrawer = ({ documentId, onClose }: { documentId: number | null; onClose: () => void }) => {
  const rights = useRights(['EWayBillGenerate']);
  const query = useQuery({
    queryKey: ewaybillKeys.detail(documentId ?? 0),
    queryFn: () => ewaybillDetail(documentId ?? 0),
    enabled: documentId !== null,
  });
  return (
    <DetailDrawer
      opened={documentId !== null}
      onClose={onClose}
      title={query.data ? wt('ewaybill.detailTitle', { number: query.data.documentNumber }) : wt('ewaybill.title')}
      testId="ewaybill-drawer"
    >
      {query.isError ? (
        <Alert color="red" variant="light">
          {loadFailureText(query.error, 'The e-way bill could not be loaded. Please try again.')}
        </Alert>
      ) : query.data ? (
        <DetailBody detail={query.data} canAct={rights.EWayBillGenerate} />
      ) : null}
    </DetailDrawer>
  );
};
