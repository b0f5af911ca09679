import { useState } from 'react';
import { Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import {
  EWB_CANCEL_REASON_TEXT,
  EWB_CANCEL_REASONS,
  EWB_EXTEND_REASON_TEXT,
  EWB_EXTEND_REASONS,
  EWB_TRANSPORT_DOCUMENT_MAX,
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
import {
  cancelEwaybill,
  consolidateEwaybills,
  extendEwaybill,
  generateEwaybill,
  regenerateTripSheet,
  updateTransporter,
  updateVehicle,
} from './ewaybillApi';

// The forms of the e-way bill actions (NIC e-way bill API v1.03): generate (distance and Part B), Part B with its
// reason, transporter, extension (reason, remaining distance, where the goods are), cancel (reason and remark), and a
// consolidated e-way bill of the selected e-way bills or a new vehicle for one. The server judges each against the
// law first (the domain's checkEwaybillAction) and the system after; its refusal is shown here as it words it.

export type EwaybillActionKind = 'generate' | 'updateVehicle' | 'updateTransporter' | 'extend' | 'cancel' | 'consolidate' | 'regenerate';

const TITLE: Record<EwaybillActionKind, Parameters<typeof wt>[0]> = {
  generate: 'ewaybill.generate',
  updateVehicle: 'ewaybill.updateVehicle',
  updateTransporter: 'ewaybill.updateTransporter',
  extend: 'ewaybill.extend',
  cancel: 'ewaybill.cancel',
  consolidate: 'ewaybill.consolidate',
  regenerate: 'ewaybill.regenerate',
};

type Props = {
  kind: EwaybillActionKind | null;
  /** The document (generate and the actions on one e-way bill), the selected documents (consolidate) or the trip sheet (regenerate). */
  documentId?: number;
  documentIds?: readonly number[];
  tripId?: number;
  onClose: () => void;
  onDone: (result: EwaybillDetail | { tripSheetNumber: string | null }) => void;
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const EwaybillActionModal = ({ kind, documentId = 0, documentIds = [], tripId = 0, onClose, onDone }: Props) => {
  const [form, setForm] = useState<Record<string, string>>({ transportMode: '1', reasonCode: '', consignmentStatus: 'M' });
  const [distance, setDistance] = useState<number | string>('');
  const [isSending, setSending] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const set = (key: string) => (value: string | null) => setForm((f) => ({ ...f, [key]: value ?? '' }));
  const field = (key: string) => form[key] ?? '';
  const partB = () => ({
    transportMode: (field('transportMode') || '1') as '1' | '2' | '3' | '4',
    vehicleNumber: orNull(field('vehicleNumber')),
    transportDocumentNumber: orNull(field('transportDocumentNumber')),
    transportDocumentDate: orNull(field('transportDocumentDate')),
  });
  const from = () => ({ fromPlace: field('fromPlace').trim(), fromState: field('fromState').trim() });

  const send = async () => {
    if (!kind) return;
    setSending(true);
    setRefusals([]);
    try {
      const km = typeof distance === 'number' ? distance : Number(distance || 0);
      const result =
        kind === 'generate'
          ? await generateEwaybill({ documentId, distanceKm: km, ...partB(), transporterId: orNull(field('transporterId')) })
          : kind === 'updateVehicle'
            ? await updateVehicle({
                documentId,
                ...partB(),
                ...from(),
                reasonCode: field('reasonCode') as '1',
                remark: field('remark').trim(),
              })
            : kind === 'updateTransporter'
              ? await updateTransporter({
                  documentId,
                  transporterId: field('transporterId').trim(),
                  transporterName: orNull(field('transporterName')),
                })
              : kind === 'extend'
                ? await extendEwaybill({
                    documentId,
                    reasonCode: field('reasonCode') as '99',
                    remark: field('remark').trim(),
                    remainingDistanceKm: km,
                    ...from(),
                    fromPincode: field('fromPincode').trim(),
                    consignmentStatus: field('consignmentStatus') === 'T' ? 'T' : 'M',
                    ...(field('consignmentStatus') === 'T' ? { transitType: 'R' as const } : partB()),
                  })
                : kind === 'cancel'
                  ? await cancelEwaybill({ documentId, reasonCode: field('reasonCode') as '1', remark: field('remark').trim() })
                  : kind === 'consolidate'
                    ? await consolidateEwaybills({ documentIds: [...documentIds], ...partB(), ...from() })
                    : await regenerateTripSheet({
                        id: tripId,
                        ...partB(),
                        ...from(),
                        reasonCode: field('reasonCode') as '1',
                        remark: field('remark').trim(),
                      });
      onDone(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setRefusals(error.items.map((i) => (i.propertyName ? `${i.propertyName}: ${i.message}` : i.message)));
      else throw error;
    } finally {
      setSending(false);
    }
  };

  const needsPartB =
    kind === 'generate' ||
    kind === 'updateVehicle' ||
    kind === 'consolidate' ||
    kind === 'regenerate' ||
    (kind === 'extend' && field('consignmentStatus') !== 'T');
  const needsFrom = kind === 'updateVehicle' || kind === 'extend' || kind === 'consolidate' || kind === 'regenerate';
  const reasons =
    kind === 'cancel'
      ? codeOptions(EWB_CANCEL_REASONS, EWB_CANCEL_REASON_TEXT)
      : kind === 'extend'
        ? codeOptions(EWB_EXTEND_REASONS, EWB_EXTEND_REASON_TEXT)
        : kind === 'updateVehicle' || kind === 'regenerate'
          ? codeOptions(EWB_VEHICLE_REASONS, EWB_VEHICLE_REASON_TEXT)
          : null;

  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind ? wt(TITLE[kind]) : ''} size="md">
      <Stack gap="xs" data-testid="ewaybill-action-form">
        {kind === 'generate' || kind === 'extend' ? (
          <NumberInput
            size="xs"
            label={kind === 'extend' ? wt('ewaybill.remainingDistance') : wt('ewaybill.distance')}
            value={distance}
            onChange={setDistance}
            min={0}
            max={4000}
            allowDecimal={false}
            data-testid="ewaybill-form-distance"
          />
        ) : null}
        {kind === 'extend' ? (
          <Select
            size="xs"
            label={wt('ewaybill.consignmentStatus')}
            data={[
              { value: 'M', label: 'Moving' },
              { value: 'T', label: 'In transit' },
            ]}
            value={field('consignmentStatus')}
            onChange={set('consignmentStatus')}
            allowDeselect={false}
          />
        ) : null}
        {needsPartB ? (
          <>
            <Select
              size="xs"
              label={wt('ewaybill.mode')}
              data={codeOptions(EWB_TRANSPORT_MODES, EWB_TRANSPORT_MODE_TEXT)}
              value={field('transportMode')}
              onChange={set('transportMode')}
              allowDeselect={false}
              data-testid="ewaybill-form-mode"
            />
            <TextInput
              size="xs"
              label={wt('ewaybill.vehicleNumber')}
              maxLength={EWB_VEHICLE_MAX}
              value={field('vehicleNumber')}
              onChange={(e) => set('vehicleNumber')(e.currentTarget.value)}
              data-testid="ewaybill-form-vehicle"
            />
            {field('transportMode') !== '1' ? (
              <Group grow gap="xs">
                <TextInput
                  size="xs"
                  label={wt('ewaybill.transportDocument')}
                  maxLength={EWB_TRANSPORT_DOCUMENT_MAX}
                  value={field('transportDocumentNumber')}
                  onChange={(e) => set('transportDocumentNumber')(e.currentTarget.value)}
                />
                <TextInput
                  size="xs"
                  type="date"
                  label={wt('ewaybill.transportDocumentDate')}
                  value={field('transportDocumentDate')}
                  onChange={(e) => set('transportDocumentDate')(e.currentTarget.value)}
                />
              </Group>
            ) : null}
          </>
        ) : null}
        {kind === 'generate' || kind === 'updateTransporter' ? (
          <TextInput
            size="xs"
            label={wt('ewaybill.transporterId')}
            maxLength={15}
            value={field('transporterId')}
            onChange={(e) => set('transporterId')(e.currentTarget.value.toUpperCase())}
            data-testid="ewaybill-form-transporter"
          />
        ) : null}
        {kind === 'updateTransporter' ? (
          <TextInput
            size="xs"
            label={wt('ewaybill.transporterName')}
            value={field('transporterName')}
            onChange={(e) => set('transporterName')(e.currentTarget.value)}
          />
        ) : null}
        {needsFrom ? (
          <Group grow gap="xs">
            <TextInput
              size="xs"
              label={wt('ewaybill.fromPlace')}
              value={field('fromPlace')}
              onChange={(e) => set('fromPlace')(e.currentTarget.value)}
              data-testid="ewaybill-form-from-place"
            />
            <TextInput
              size="xs"
              label={wt('ewaybill.fromState')}
              maxLength={2}
              value={field('fromState')}
              onChange={(e) => set('fromState')(e.currentTarget.value.replace(/\D/g, ''))}
              data-testid="ewaybill-form-from-state"
            />
            {kind === 'extend' ? (
              <TextInput
                size="xs"
                label={wt('ewaybill.fromPincode')}
                maxLength={6}
                value={field('fromPincode')}
                onChange={(e) => set('fromPincode')(e.currentTarget.value.replace(/\D/g, ''))}
                data-testid="ewaybill-form-from-pincode"
              />
            ) : null}
          </Group>
        ) : null}
        {reasons ? (
          <>
            <Select
              size="xs"
              label={wt('ewaybill.reason')}
              data={reasons}
              value={field('reasonCode') || null}
              onChange={set('reasonCode')}
              data-testid="ewaybill-form-reason"
            />
            <TextInput
              size="xs"
              label={wt('ewaybill.remark')}
              maxLength={50}
              value={field('remark')}
              onChange={(e) => set('remark')(e.currentTarget.value)}
              data-testid="ewaybill-form-remark"
            />
          </>
        ) : null}
        <ActionFormFooter
          refusals={refusals}
          refusedTestId="ewaybill-action-refused"
          onClose={onClose}
          onSend={() => void send()}
          isSending={isSending}
          isDisabled={reasons !== null && field('reasonCode') === ''}
          label={kind ? wt(TITLE[kind]) : wt('ewaybill.send')}
          sendTestId="ewaybill-action-send"
          color={kind === 'cancel' ? 'red' : undefined}
        />
      </Stack>
    </Modal>
  );
};
