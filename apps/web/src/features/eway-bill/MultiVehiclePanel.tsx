import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import {
  EWB_TRANSPORT_MODE_TEXT,
  EWB_TRANSPORT_MODES,
  EWB_VEHICLE_MAX,
  EWB_VEHICLE_REASON_TEXT,
  EWB_VEHICLE_REASONS,
  ewaybillText as wt,
  type EwaybillDetail,
} from '@opengst/contracts';
import { ApiError } from '../../api/http';
import { ActionFormFooter, codeOptions } from './ActionFormFooter';
import { addMultiVehicle, changeMultiVehicle, startMultiVehicle } from './ewaybillApi';

// Multi-vehicle movement of one e-way bill (NIC MULTIVEHMOVINT, MULTIVEHADD, MULTIVEHUPD): start a group from the
// transhipment place with the quantity moved and the new mode, add vehicles with their share, change a vehicle with a
// reason. Offered only when the law allows it now (detail.actions.multiVehicle, the reason as tooltip otherwise); the
// server's or the system's refusal is shown in the form as worded.

type Group = EwaybillDetail['multiVehicleGroups'][number];
type Vehicle = Group['vehicles'][number];
type Form = { kind: 'start' } | { kind: 'add'; group: Group } | { kind: 'change'; group: Group; vehicle: Vehicle };

const movedOf = (group: Group) => group.vehicles.reduce((sum, v) => sum + v.quantity, 0);

const MultiVehicleModal = ({
  form,
  documentId,
  onClose,
  onDone,
}: {
  form: Form | null;
  documentId: number;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [values, setValues] = useState<Record<string, string>>({ transportMode: '1' });
  const [quantity, setQuantity] = useState<number | string>('');
  const [isSending, setSending] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const value = (key: string) => values[key] ?? '';
  const set = (key: string) => (v: string | null) => setValues((f) => ({ ...f, [key]: v ?? '' }));
  const text = (key: string, label: string, testId: string, transform: (v: string) => string = (v) => v, maxLength = 50) => (
    <TextInput
      size="xs"
      label={label}
      maxLength={maxLength}
      value={value(key)}
      onChange={(e) => set(key)(transform(e.currentTarget.value))}
      data-testid={testId}
    />
  );
  const digits = (v: string) => v.replace(/\D/g, '');
  const upper = (v: string) => v.toUpperCase();
  const amount = typeof quantity === 'number' ? quantity : Number(quantity || 0);

  const send = async () => {
    if (!form) return;
    setSending(true);
    setRefusals([]);
    try {
      if (form.kind === 'start')
        await startMultiVehicle({
          documentId,
          fromPlace: value('fromPlace').trim(),
          fromState: value('fromState'),
          toPlace: value('toPlace').trim(),
          toState: value('toState'),
          transportMode: (value('transportMode') || '1') as '1',
          totalQuantity: amount,
          unitCode: value('unitCode').trim() || null,
          reasonCode: value('reasonCode') as '1',
          remark: value('remark').trim(),
        });
      else if (form.kind === 'add')
        await addMultiVehicle({
          documentId,
          groupNumber: form.group.groupNumber,
          vehicleNumber: value('vehicleNumber').trim() || null,
          transportDocumentNumber: value('transportDocumentNumber').trim() || null,
          transportDocumentDate: value('transportDocumentDate') || null,
          quantity: amount,
        });
      else
        await changeMultiVehicle({
          documentId,
          groupNumber: form.group.groupNumber,
          oldVehicleNumber: form.vehicle.vehicleNumber,
          oldTransportDocumentNumber: form.vehicle.transportDocumentNumber,
          newVehicleNumber: value('vehicleNumber').trim() || null,
          newTransportDocumentNumber: value('transportDocumentNumber').trim() || null,
          fromPlace: value('fromPlace').trim(),
          fromState: value('fromState'),
          reasonCode: value('reasonCode') as '1',
          remark: value('remark').trim(),
        });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setRefusals(error.items.map((i) => (i.propertyName ? `${i.propertyName}: ${i.message}` : i.message)));
      else throw error;
    } finally {
      setSending(false);
    }
  };

  const title = form
    ? wt(form.kind === 'start' ? 'ewaybill.multi.start' : form.kind === 'add' ? 'ewaybill.multi.add' : 'ewaybill.multi.change')
    : '';
  const byRoad = !form || form.kind === 'start' || form.group.transportMode === '1';
  const hasReason = form?.kind === 'start' || form?.kind === 'change';
  return (
    <Modal opened={form !== null} onClose={onClose} title={title} size="md">
      <Stack gap="xs" data-testid="multi-vehicle-form">
        {form?.kind === 'start' ? (
          <>
            <Group grow gap="xs">
              {text('fromPlace', wt('ewaybill.fromPlace'), 'multi-form-from-place')}
              {text('fromState', wt('ewaybill.fromState'), 'multi-form-from-state', digits, 2)}
            </Group>
            <Group grow gap="xs">
              {text('toPlace', wt('ewaybill.multi.toPlace'), 'multi-form-to-place')}
              {text('toState', wt('ewaybill.multi.toState'), 'multi-form-to-state', digits, 2)}
            </Group>
            <Select
              size="xs"
              label={wt('ewaybill.mode')}
              data={codeOptions(EWB_TRANSPORT_MODES, EWB_TRANSPORT_MODE_TEXT)}
              value={value('transportMode')}
              onChange={set('transportMode')}
              allowDeselect={false}
              data-testid="multi-form-mode"
            />
            <Group grow gap="xs">
              <NumberInput
                size="xs"
                label={wt('ewaybill.multi.totalQuantity')}
                value={quantity}
                onChange={setQuantity}
                min={0}
                data-testid="multi-form-quantity"
              />
              {text('unitCode', wt('ewaybill.multi.unit'), 'multi-form-unit', upper, 10)}
            </Group>
          </>
        ) : null}
        {form?.kind === 'add' ? (
          <>
            <Text size="xs" c="dimmed" data-testid="multi-form-left">
              {wt('ewaybill.multi.left', { left: form.group.totalQuantity - movedOf(form.group), unit: form.group.unitCode })}
            </Text>
            <NumberInput
              size="xs"
              label={wt('ewaybill.multi.quantity')}
              value={quantity}
              onChange={setQuantity}
              min={0}
              data-testid="multi-form-quantity"
            />
          </>
        ) : null}
        {form && form.kind !== 'start' ? (
          byRoad ? (
            text(
              'vehicleNumber',
              wt(form.kind === 'change' ? 'ewaybill.multi.newVehicle' : 'ewaybill.vehicleNumber'),
              'multi-form-vehicle',
              upper,
              EWB_VEHICLE_MAX,
            )
          ) : (
            <Group grow gap="xs">
              {text('transportDocumentNumber', wt('ewaybill.transportDocument'), 'multi-form-document')}
              {form.kind === 'add' ? (
                <TextInput
                  size="xs"
                  type="date"
                  label={wt('ewaybill.transportDocumentDate')}
                  value={value('transportDocumentDate')}
                  onChange={(e) => set('transportDocumentDate')(e.currentTarget.value)}
                />
              ) : null}
            </Group>
          )
        ) : null}
        {form?.kind === 'change' ? (
          <Group grow gap="xs">
            {text('fromPlace', wt('ewaybill.fromPlace'), 'multi-form-from-place')}
            {text('fromState', wt('ewaybill.fromState'), 'multi-form-from-state', digits, 2)}
          </Group>
        ) : null}
        {hasReason ? (
          <>
            <Select
              size="xs"
              label={wt('ewaybill.reason')}
              data={codeOptions(EWB_VEHICLE_REASONS, EWB_VEHICLE_REASON_TEXT)}
              value={value('reasonCode') || null}
              onChange={set('reasonCode')}
              data-testid="multi-form-reason"
            />
            {text('remark', wt('ewaybill.remark'), 'multi-form-remark')}
          </>
        ) : null}
        <ActionFormFooter
          refusals={refusals}
          refusedTestId="multi-vehicle-refused"
          onClose={onClose}
          onSend={() => void send()}
          isSending={isSending}
          isDisabled={(hasReason && value('reasonCode') === '') || (form?.kind !== 'change' && !(amount > 0))}
          label={title}
          sendTestId="multi-vehicle-send"
        />
      </Stack>
    </Modal>
  );
};

export const MultiVehiclePanel = ({ detail, canAct, onDone }: { detail: EwaybillDetail; canAct: boolean; onDone: () => void }) => {
  const [form, setForm] = useState<Form | null>(null);
  const check = detail.actions.multiVehicle;
  if (!detail.ewbNumber || (!canAct && detail.multiVehicleGroups.length === 0)) return null;
  return (
    <Stack gap={4} data-testid="multi-vehicle">
      <Group justify="space-between">
        <Title order={6}>{wt('ewaybill.multi.title')}</Title>
        {canAct ? (
          <Tooltip label={check.reason ?? ''} disabled={check.allowed} multiline w={300}>
            <span>
              <Button
                size="xs"
                variant="light"
                disabled={!check.allowed}
                onClick={() => setForm({ kind: 'start' })}
                data-testid="multi-vehicle-start"
                data-reason={check.reason ?? undefined}
              >
                {wt('ewaybill.multi.start')}
              </Button>
            </span>
          </Tooltip>
        ) : null}
      </Group>
      {detail.multiVehicleGroups.length === 0 ? (
        <Text size="xs" c="dimmed">
          {wt('ewaybill.multi.help')}
        </Text>
      ) : null}
      {detail.multiVehicleGroups.map((group) => (
        <Stack key={group.groupNumber} gap={2} data-testid={`multi-group-${group.groupNumber}`}>
          <Group justify="space-between">
            <Text size="xs" fw={600}>
              {wt('ewaybill.multi.group', {
                group: group.groupNumber,
                from: group.fromPlace,
                to: group.toPlace,
                moved: movedOf(group),
                total: group.totalQuantity,
                unit: group.unitCode,
              })}
            </Text>
            {canAct && check.allowed && movedOf(group) < group.totalQuantity ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setForm({ kind: 'add', group })}
                data-testid={`multi-add-${group.groupNumber}`}
              >
                {wt('ewaybill.multi.add')}
              </Button>
            ) : null}
          </Group>
          {group.vehicles.length ? (
            <Table withTableBorder fz="xs">
              <Table.Tbody>
                {group.vehicles.map((vehicle, i) => (
                  <Table.Tr
                    key={`${vehicle.vehicleNumber ?? vehicle.transportDocumentNumber}-${i}`}
                    data-testid={`multi-vehicle-${group.groupNumber}-${i}`}
                  >
                    <Table.Td ff="monospace">{vehicle.vehicleNumber ?? vehicle.transportDocumentNumber}</Table.Td>
                    <Table.Td>{`${vehicle.quantity} ${group.unitCode}`}</Table.Td>
                    <Table.Td>
                      {canAct && check.allowed ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => setForm({ kind: 'change', group, vehicle })}
                          data-testid={`multi-change-${group.groupNumber}-${i}`}
                        >
                          {wt('ewaybill.multi.change')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="xs" c="dimmed">
              {wt('ewaybill.multi.none')}
            </Text>
          )}
        </Stack>
      ))}
      <MultiVehicleModal
        key={form ? `${form.kind}-${'group' in form ? form.group.groupNumber : 0}` : 'none'}
        form={form}
        documentId={detail.id}
        onClose={() => setForm(null)}
        onDone={() => {
          setForm(null);
          onDone();
        }}
      />
    </Stack>
  );
};
