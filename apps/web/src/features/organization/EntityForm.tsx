import { useMemo, useState } from 'react';
import { Button, Group, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { ApiForm } from '../../shared/ApiForm';
import { DateField } from '../../shared/DateField';
import { useQuery } from '@tanstack/react-query';
import { TAXPAYER_TYPES } from '@opengst/domain';
import type { BusinessNode, EntityDetail, EntitySaveRequest, EntityType } from '@opengst/contracts';
import { statesQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { splitApiErrors, type FieldErrors } from '../../shared/forms';
import { verticalLookupQuery } from '../../shared/namedMasterLookups';
import { gstinProblem, stateCodeOfGstin } from './entityTree';
import { entityTreeQuery, saveEntity } from './organizationApi';

// Create and edit an entity. The GSTIN is checked as it is typed with the domain's validateGstin (the same rule the
// server applies), and the server's own field errors (propertyName Gstin, StateCode, ...) land on the same inputs.
// A new location with a GSTIN must give its effective date of registration: its returns start from that month (issue
// 17, item 6). The API keeps the date optional for older data and the import, so an edit may leave it blank.

const FIELDS = [
  'entityType',
  'parentEntityId',
  'entityName',
  'pan',
  'gstin',
  'stateCode',
  'taxpayerType',
  'legalName',
  'tradeName',
  'address',
  'pincode',
  'email',
  'registrationDate',
  'verticalId',
] as const;
type Draft = Record<(typeof FIELDS)[number], string>;

const draftOf = (detail: EntityDetail | null): Draft => ({
  entityType: detail?.entityType ?? 'Location',
  parentEntityId: detail?.parentEntityId ? String(detail.parentEntityId) : '',
  entityName: detail?.entityName ?? '',
  pan: detail?.pan ?? '',
  gstin: detail?.gstin ?? '',
  stateCode: detail?.stateCode ?? '',
  taxpayerType: detail?.taxpayerType ?? 'Regular',
  legalName: detail?.legalName ?? '',
  tradeName: detail?.tradeName ?? '',
  address: detail?.address ?? '',
  pincode: detail?.pincode ?? '',
  email: detail?.email ?? '',
  registrationDate: detail?.registrationDate ?? '',
  verticalId: detail?.verticalId ? String(detail.verticalId) : '',
});

type ParentOption = { value: string; label: string; pan: string | null };

/** Possible parents of each type, with the PAN every GSTIN under them must share. */
const parentOptionsOf = (tree: readonly BusinessNode[], type: string): ParentOption[] => {
  const panOf = (gstins: (string | null)[]) => gstins.find((gstin) => gstin && gstin.length === 15)?.slice(2, 12) ?? null;
  if (type === 'Location')
    return tree.map((business) => ({
      value: String(business.entityId),
      label: business.entityName,
      pan: panOf(business.children.map((child) => child.gstin)),
    }));
  if (type === 'ChildLocation')
    return tree.flatMap((business) =>
      business.children.map((location) => ({
        value: String(location.entityId),
        label: `${location.entityName}${location.gstin ? ` (${location.gstin})` : ''}`,
        pan: panOf([location.gstin]),
      })),
    );
  return [];
};

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export const EntityForm = ({ detail, onSaved }: { detail: EntityDetail | null; onSaved: (entityId: number) => void }) => {
  const t = useText();
  const { data: tree = [] } = useQuery(entityTreeQuery);
  const { data: states = [] } = useQuery(statesQuery);
  const { data: verticals = [] } = useQuery(verticalLookupQuery);
  const [draft, setDraft] = useState<Draft>(() => draftOf(detail));
  const [isGstinTouched, setGstinTouched] = useState(false);
  const [server, setServer] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);
  const parents = useMemo(() => parentOptionsOf(tree, draft.entityType), [tree, draft.entityType]);
  const parentPan = parents.find((parent) => parent.value === draft.parentEntityId)?.pan ?? null;
  const isBusiness = draft.entityType === 'Business';

  const set = (field: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: '' } }));
  };
  const onGstin = (value: string) => {
    const gstin = value.toUpperCase();
    set('gstin', gstin);
    const stateCode = stateCodeOfGstin(gstin);
    if (stateCode && !draft.stateCode) set('stateCode', stateCode);
  };

  const liveGstinError = isGstinTouched || draft.gstin.length >= 15 ? gstinProblem(draft.gstin, orNull(draft.stateCode), parentPan) : null;
  const gstinRequired = draft.entityType === 'Location' && draft.gstin.trim() === '';
  const registrationDateRequired = detail === null && !isBusiness && draft.gstin.trim() !== '';

  const submit = async () => {
    setGstinTouched(true);
    if (liveGstinError) return;
    if (gstinRequired) {
      setServer({ fields: { gstin: t('entity.gstinRequired') }, general: [] });
      return;
    }
    if (registrationDateRequired && draft.registrationDate === '') {
      setServer({ fields: { registrationDate: t('entity.registrationDateRequired') }, general: [] });
      return;
    }
    setBusy(true);
    const body: EntitySaveRequest = {
      ...(detail ? { entityId: detail.entityId } : {}),
      entityType: draft.entityType as EntityType,
      parentEntityId: isBusiness || !draft.parentEntityId ? null : Number(draft.parentEntityId),
      entityName: draft.entityName.trim(),
      pan: isBusiness ? (orNull(draft.pan)?.toUpperCase() ?? null) : null,
      gstin: isBusiness ? null : orNull(draft.gstin),
      stateCode: orNull(draft.stateCode),
      taxpayerType: draft.taxpayerType as EntitySaveRequest['taxpayerType'],
      legalName: orNull(draft.legalName),
      tradeName: orNull(draft.tradeName),
      address: orNull(draft.address),
      pincode: orNull(draft.pincode),
      email: orNull(draft.email),
      registrationDate: isBusiness ? null : orNull(draft.registrationDate),
      verticalId: draft.verticalId ? Number(draft.verticalId) : null,
    };
    try {
      const saved = await saveEntity(body);
      onSaved(saved.entityId);
    } catch (error) {
      setServer(splitApiErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  const stateData = states.map((state) => ({ value: state.code, label: `${state.code} – ${state.name}` }));
  // The active verticals, and the one the entity belongs to even when it has been deactivated.
  const verticalData = verticals.map((vertical) => ({ value: String(vertical.id), label: vertical.name }));
  if (detail?.verticalId && detail.verticalName && !verticals.some((vertical) => vertical.id === detail.verticalId))
    verticalData.push({ value: String(detail.verticalId), label: detail.verticalName });
  const error = (field: keyof Draft) => server.fields[field] || undefined;

  return (
    <ApiForm onSubmit={submit} messages={server.general} errorTestId="entity-form-error">
      <SimpleGrid cols={2} spacing="sm">
        <Select
          size="sm"
          label={t('entity.type')}
          data={[
            { value: 'Business', label: t('entity.business') },
            { value: 'Location', label: t('entity.location') },
            { value: 'ChildLocation', label: t('entity.childLocation') },
          ]}
          value={draft.entityType}
          allowDeselect={false}
          disabled={detail !== null}
          onChange={(value) => {
            set('entityType', value ?? 'Location');
            set('parentEntityId', '');
          }}
          data-testid="entity-type"
        />
        <Select
          size="sm"
          label={t('entity.parent')}
          data={parents}
          value={draft.parentEntityId || null}
          disabled={isBusiness}
          required={!isBusiness}
          searchable
          error={error('parentEntityId')}
          onChange={(value) => set('parentEntityId', value ?? '')}
          data-testid="entity-parent"
        />
      </SimpleGrid>
      <TextInput
        size="sm"
        label={t('entity.name')}
        required
        value={draft.entityName}
        error={error('entityName')}
        onChange={(e) => set('entityName', e.currentTarget.value)}
        data-testid="entity-name"
      />
      {isBusiness ? (
        <TextInput
          size="sm"
          label={t('entity.pan')}
          value={draft.pan}
          maxLength={10}
          error={error('pan')}
          onChange={(e) => set('pan', e.currentTarget.value.toUpperCase())}
          data-testid="entity-pan"
          ff="monospace"
        />
      ) : (
        <TextInput
          size="sm"
          label={t('entity.gstin')}
          description={t('entity.gstinHint')}
          required={draft.entityType === 'Location'}
          value={draft.gstin}
          maxLength={15}
          error={liveGstinError ?? error('gstin')}
          onChange={(e) => onGstin(e.currentTarget.value)}
          onBlur={() => setGstinTouched(true)}
          data-testid="entity-gstin"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
        />
      )}
      {isBusiness ? null : (
        <DateField
          size="sm"
          label={t('entity.registrationDate')}
          description={t('entity.registrationDateHint')}
          required={registrationDateRequired}
          value={draft.registrationDate}
          maxDate={new Date().toLocaleDateString('en-CA')}
          error={error('registrationDate')}
          onChange={(iso) => set('registrationDate', iso)}
          data-testid="entity-registration-date"
        />
      )}
      <SimpleGrid cols={2} spacing="sm">
        <Select
          size="sm"
          label={t('entity.state')}
          data={stateData}
          value={draft.stateCode || null}
          searchable
          clearable
          error={error('stateCode')}
          onChange={(value) => set('stateCode', value ?? '')}
          data-testid="entity-state"
        />
        <Select
          size="sm"
          label={t('entity.taxpayerType')}
          data={Object.entries(TAXPAYER_TYPES).map(([value, type]) => ({ value, label: type.name }))}
          value={draft.taxpayerType}
          allowDeselect={false}
          onChange={(value) => set('taxpayerType', value ?? 'Regular')}
          data-testid="entity-taxpayer-type"
        />
        <Select
          size="sm"
          label={t('entity.vertical')}
          data={verticalData}
          value={draft.verticalId || null}
          clearable
          searchable
          error={error('verticalId')}
          onChange={(value) => set('verticalId', value ?? '')}
          data-testid="entity-vertical"
        />
        <div />
        <TextInput
          size="sm"
          label={t('entity.legalName')}
          value={draft.legalName}
          error={error('legalName')}
          onChange={(e) => set('legalName', e.currentTarget.value)}
        />
        <TextInput
          size="sm"
          label={t('entity.tradeName')}
          value={draft.tradeName}
          error={error('tradeName')}
          onChange={(e) => set('tradeName', e.currentTarget.value)}
        />
      </SimpleGrid>
      <Textarea
        size="sm"
        label={t('org.address')}
        autosize
        minRows={2}
        value={draft.address}
        error={error('address')}
        onChange={(e) => set('address', e.currentTarget.value)}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          size="sm"
          label={t('entity.pincode')}
          value={draft.pincode}
          maxLength={6}
          inputMode="numeric"
          error={error('pincode')}
          onChange={(e) => set('pincode', e.currentTarget.value)}
        />
        <TextInput
          size="sm"
          type="email"
          label={t('entity.email')}
          value={draft.email}
          error={error('email')}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="entity-save">
          {t('common.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};
