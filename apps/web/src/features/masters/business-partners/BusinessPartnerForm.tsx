import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Alert, Button, Checkbox, Divider, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BUSINESS_PARTNER_LIMITS as LIMITS,
  isEmailAddress,
  type BusinessPartnerContactInput,
  type BusinessPartnerStatus,
  type BusinessPartnerType,
  type GstinCheckResult,
} from '@opengst/contracts';
import {
  checkPartnerIdentity,
  isPhoneNumber,
  MSME_ACTIVITIES,
  MSME_CLASSES,
  phoneDigits,
  STATES,
  TDS_SECTIONS,
  UDYAM_NUMBER_LENGTH,
  validateUdyamNumber,
} from '@opengst/domain';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { formatDateTime } from '../../../shared/format';
import { useMasterForm } from '../useMasterForm';
import { businessPartnerKeys, checkBusinessPartnerGstins, saveBusinessPartner } from './businessPartnersApi';

// The drawer's form of a business partner: the GSTIN checked with the domain as the user types (its PAN and state
// follow from it: REG-06), the Udyam number, MSME class and TDS section, and the contacts notifications go to (rows
// added and removed here, saved with the partner in one call). The server makes the same checks.

const FIELDS = [
  'gstin',
  'pan',
  'code',
  'legalName',
  'tradeName',
  'stateCode',
  'email',
  'phone',
  'address',
  'city',
  'pincode',
  'msmeNumber',
  'msmeClass',
  'msmeActivity',
  'tdsSection',
  'contacts',
] as const;
type Field = (typeof FIELDS)[number];

export type ContactDraft = { name: string; email: string; phone: string; designation: string; receivesNotifications: boolean };
export type PartnerDraft = {
  id?: number;
  partnerType: BusinessPartnerType;
  gstin: string;
  pan: string;
  code: string;
  legalName: string;
  tradeName: string;
  stateCode: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  pincode: string;
  msmeNumber: string;
  msmeClass: string;
  msmeActivity: string;
  tdsSection: string;
  status: BusinessPartnerStatus;
  contacts: ContactDraft[];
  gstinStatus: string | null;
  gstinCheckedAt: string | null;
  taxpayerType: string | null;
};

export const STATE_CHOICES = STATES.filter((s) => s.isGstinPrefix && s.status !== 'special').map((s) => ({
  value: s.code,
  label: `${s.code} ${s.name}`,
}));
const TDS_CHOICES = TDS_SECTIONS.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }));
const PINCODE = /^[1-9]\d{5}$/;
const NEW_CONTACT: ContactDraft = { name: '', email: '', phone: '', designation: '', receivesNotifications: true };

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the form finds wrong, by field, with the domain's words; contacts' problems under 'contacts'. */
export const draftIssues = (draft: PartnerDraft, t: Translate): Partial<Record<Field, string>> => {
  const issues: Partial<Record<Field, string>> = {};
  const identity = checkPartnerIdentity({ gstin: orNull(draft.gstin), pan: orNull(draft.pan), stateCode: orNull(draft.stateCode) });
  for (const issue of identity.issues) issues[issue.propertyName] ??= issue.message;
  if (identity.gstin === '' && !draft.code.trim() && !issues.gstin) issues.code = t('businessPartner.needsCode');
  if (!draft.legalName.trim()) issues.legalName = t('org.nameRequired');
  if (draft.msmeNumber.trim()) {
    const udyam = validateUdyamNumber(draft.msmeNumber);
    if (!udyam.ok) issues.msmeNumber = udyam.message;
  }
  if (draft.email.trim() && !isEmailAddress(draft.email.trim())) issues.email = t('businessPartner.badEmail');
  if (draft.phone.trim() && !isPhoneNumber(phoneDigits(draft.phone))) issues.phone = t('businessPartner.badPhone');
  if (draft.pincode.trim() && !PINCODE.test(draft.pincode.trim())) issues.pincode = t('businessPartner.badPincode');
  const contact = draft.contacts.findIndex(
    (c) =>
      !c.name.trim() ||
      (c.email.trim() !== '' && !isEmailAddress(c.email.trim())) ||
      (c.receivesNotifications && c.email.trim() === '') ||
      (c.phone.trim() !== '' && !isPhoneNumber(phoneDigits(c.phone))),
  );
  if (contact >= 0) issues.contacts = `${t('businessPartner.contacts')} ${contact + 1}`;
  return issues;
};

const contactIssue = (contact: ContactDraft, field: 'name' | 'email' | 'phone', t: Translate, touched: boolean): string | undefined => {
  if (!touched) return undefined;
  if (field === 'name') return contact.name.trim() ? undefined : t('org.nameRequired');
  if (field === 'email') {
    if (contact.email.trim() && !isEmailAddress(contact.email.trim())) return t('businessPartner.badEmail');
    return contact.receivesNotifications && !contact.email.trim() ? t('businessPartner.notifyNeedsEmail') : undefined;
  }
  return contact.phone.trim() && !isPhoneNumber(phoneDigits(contact.phone)) ? t('businessPartner.badPhone') : undefined;
};

const ContactsEditor = ({
  contacts,
  touched,
  onChange,
  error,
}: {
  contacts: ContactDraft[];
  touched: boolean;
  onChange: (contacts: ContactDraft[]) => void;
  error: string | undefined;
}) => {
  const t = useText();
  const setAt = (index: number, change: Partial<ContactDraft>) =>
    onChange(contacts.map((contact, at) => (at === index ? { ...contact, ...change } : contact)));
  return (
    <Stack gap="xs" data-testid="bp-contacts">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('businessPartner.contacts')}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconPlus size={12} />}
          disabled={contacts.length >= LIMITS.contacts}
          onClick={() => onChange([...contacts, NEW_CONTACT])}
          data-testid="bp-add-contact"
        >
          {t('businessPartner.addContact')}
        </Button>
      </Group>
      {contacts.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('businessPartner.contactsNone')}
        </Text>
      ) : null}
      {error ? (
        <Text size="xs" c="red" data-testid="bp-contacts-error">
          {error}
        </Text>
      ) : null}
      {contacts.map((contact, index) => (
        <Paper key={index} withBorder p="xs" radius="sm" data-testid={`bp-contact-${index}`}>
          <Group grow align="flex-start" gap="xs">
            <TextInput
              size="xs"
              label={t('businessPartner.contactName')}
              required
              maxLength={LIMITS.contactName}
              value={contact.name}
              error={contactIssue(contact, 'name', t, touched)}
              onChange={(e) => setAt(index, { name: e.currentTarget.value })}
              data-testid={`bp-contact-${index}-name`}
            />
            <TextInput
              size="xs"
              label={t('businessPartner.designation')}
              maxLength={LIMITS.designation}
              value={contact.designation}
              onChange={(e) => setAt(index, { designation: e.currentTarget.value })}
            />
          </Group>
          <Group grow align="flex-start" gap="xs" mt={4}>
            <TextInput
              size="xs"
              type="email"
              label={t('businessPartner.email')}
              maxLength={LIMITS.email}
              value={contact.email}
              error={contactIssue(contact, 'email', t, touched)}
              onChange={(e) => setAt(index, { email: e.currentTarget.value })}
              data-testid={`bp-contact-${index}-email`}
            />
            <TextInput
              size="xs"
              label={t('businessPartner.phone')}
              maxLength={LIMITS.phone}
              value={contact.phone}
              error={contactIssue(contact, 'phone', t, touched)}
              onChange={(e) => setAt(index, { phone: e.currentTarget.value })}
              data-testid={`bp-contact-${index}-phone`}
            />
          </Group>
          <Group justify="space-between" mt={6}>
            <Checkbox
              size="xs"
              label={t('businessPartner.receivesNotifications')}
              checked={contact.receivesNotifications}
              onChange={(e) => setAt(index, { receivesNotifications: e.currentTarget.checked })}
              data-testid={`bp-contact-${index}-notify`}
            />
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={t('businessPartner.removeContact', { n: index + 1 })}
              onClick={() => onChange(contacts.filter((_, at) => at !== index))}
              data-testid={`bp-contact-${index}-remove`}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
};

/** The GSTIN's status as the portal last answered, and the check of this partner's GSTIN now. */
const GstinStatusLine = ({ draft, onChecked }: { draft: PartnerDraft; onChecked: (result: GstinCheckResult) => void }) => {
  const t = useText();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!draft.id || !draft.gstin) return null;
  const check = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const [result] = (await checkBusinessPartnerGstins([draft.id ?? 0])).results;
      if (result) {
        onChecked(result);
        setMessage(result.message);
        // The list behind the drawer shows the status too.
        void client.invalidateQueries({ queryKey: businessPartnerKeys.list() });
      }
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" data-testid="bp-gstin-status">
          {t('businessPartner.gstinStatus')}:{' '}
          {draft.gstinStatus
            ? `${draft.gstinStatus}${draft.taxpayerType ? ` (${draft.taxpayerType})` : ''}, ${t('businessPartner.checkedOn', {
                date: formatDateTime(draft.gstinCheckedAt ?? ''),
              })}`
            : t('businessPartner.notChecked')}
        </Text>
        <Button size="compact-xs" variant="default" loading={busy} onClick={() => void check()} data-testid="bp-check-one">
          {t('businessPartner.checkGstin')}
        </Button>
      </Group>
      {message ? (
        <Alert color="orange" variant="light" p="xs" data-testid="bp-check-message">
          <Text size="xs">{message}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
};

export const toSave = (draft: PartnerDraft) => ({
  ...(draft.id ? { id: draft.id } : {}),
  partnerType: draft.partnerType,
  gstin: orNull(draft.gstin),
  pan: orNull(draft.pan),
  code: orNull(draft.code),
  legalName: draft.legalName.trim(),
  tradeName: orNull(draft.tradeName),
  stateCode: orNull(draft.stateCode),
  email: orNull(draft.email),
  phone: orNull(draft.phone),
  address: orNull(draft.address),
  city: orNull(draft.city),
  pincode: orNull(draft.pincode),
  msmeNumber: orNull(draft.msmeNumber)?.toUpperCase() ?? null,
  msmeClass: MSME_CLASSES.find((c) => c === draft.msmeClass) ?? null,
  msmeActivity: MSME_ACTIVITIES.find((a) => a === draft.msmeActivity) ?? null,
  tdsSection: orNull(draft.tdsSection),
  status: draft.status,
  contacts: draft.contacts.map((c): BusinessPartnerContactInput => ({
    name: c.name.trim(),
    email: orNull(c.email),
    phone: orNull(c.phone),
    designation: orNull(c.designation),
    receivesNotifications: c.receivesNotifications,
  })),
});

export const BusinessPartnerForm = ({ initial, onSaved }: { initial: PartnerDraft; onSaved: () => void }) => {
  const t = useText();
  const { draft, set, errors, isBusy, save } = useMasterForm(initial, FIELDS);
  const [touched, setTouched] = useState(false);
  const identity = checkPartnerIdentity({ gstin: orNull(draft.gstin), pan: null, stateCode: null });
  const isRegistered = identity.gstin !== '' && identity.issues.length === 0;
  const local = touched ? draftIssues(draft, t) : {};
  // The GSTIN is checked as soon as it is whole; the other fields on save.
  const gstinIssue = draft.gstin.trim().length >= 15 ? identity.issues[0]?.message : undefined;
  const fieldError = (name: Field) => errors.fields[name] ?? local[name];
  const submit = async () => {
    setTouched(true);
    if (Object.keys(draftIssues(draft, t)).length > 0) return;
    await save(() => saveBusinessPartner(toSave(draft)), onSaved);
  };
  const text = (name: Exclude<Field, 'contacts'>, label: string, max: number, extra: Record<string, unknown> = {}) => (
    <TextInput
      size="sm"
      label={label}
      maxLength={max}
      value={draft[name]}
      error={fieldError(name)}
      onChange={(e) => set(name, e.currentTarget.value)}
      data-testid={`bp-${name}`}
      {...extra}
    />
  );

  return (
    <ApiForm onSubmit={submit} messages={errors.general} errorTestId="bp-form-refusal">
      <Group grow align="flex-start">
        <Select
          size="sm"
          label={t('businessPartner.partnerType')}
          data={['Vendor', 'Customer', 'Both']}
          value={draft.partnerType}
          allowDeselect={false}
          onChange={(value) => set('partnerType', value === 'Customer' || value === 'Both' ? value : 'Vendor')}
          data-testid="bp-partnerType"
        />
        <TextInput
          size="sm"
          label={t('businessPartner.gstin')}
          description={t('businessPartner.gstinHint')}
          maxLength={15}
          value={draft.gstin}
          error={errors.fields.gstin ?? local.gstin ?? gstinIssue}
          onChange={(e) => {
            const gstin = e.currentTarget.value.toUpperCase();
            const found = checkPartnerIdentity({ gstin, pan: null, stateCode: null });
            set('gstin', gstin);
            // A valid GSTIN gives the PAN and the state.
            if (found.gstin && found.issues.length === 0) {
              set('pan', found.pan ?? '');
              set('stateCode', found.stateCode ?? '');
            }
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="bp-gstin"
          data-autofocus
        />
      </Group>
      <GstinStatusLine
        draft={draft}
        onChecked={(result) => {
          set('gstinStatus', result.gstinStatus);
          set('taxpayerType', result.taxpayerType);
          if (result.outcome === 'Checked') set('gstinCheckedAt', new Date().toISOString());
        }}
      />
      <Group grow align="flex-start">
        {text('pan', t('businessPartner.pan'), 10, { description: t('businessPartner.panHint'), readOnly: isRegistered })}
        {isRegistered ? null : text('code', t('businessPartner.code'), LIMITS.code)}
      </Group>
      {text('legalName', t('businessPartner.legalName'), LIMITS.legalName, { required: true })}
      {text('tradeName', t('businessPartner.tradeName'), LIMITS.tradeName)}
      <Group grow align="flex-start">
        <Select
          size="sm"
          label={t('businessPartner.state')}
          data={STATE_CHOICES}
          searchable
          clearable={!isRegistered}
          disabled={isRegistered}
          value={draft.stateCode || null}
          error={fieldError('stateCode')}
          onChange={(value) => set('stateCode', value ?? '')}
          data-testid="bp-stateCode"
        />
        {text('city', t('businessPartner.city'), LIMITS.city)}
      </Group>
      <Group grow align="flex-start">
        {text('address', t('businessPartner.address'), LIMITS.address)}
        {text('pincode', t('businessPartner.pincode'), 6)}
      </Group>
      <Group grow align="flex-start">
        {text('email', t('businessPartner.email'), LIMITS.email, { type: 'email' })}
        {text('phone', t('businessPartner.phone'), LIMITS.phone)}
      </Group>
      <Divider label={t('businessPartner.msme')} labelPosition="left" />
      {text('msmeNumber', t('businessPartner.msmeNumber'), UDYAM_NUMBER_LENGTH, {
        description: t('businessPartner.msmeNumberHint'),
        styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)' } },
      })}
      <Group grow align="flex-start">
        <Select
          size="sm"
          label={t('businessPartner.msmeClass')}
          data={[...MSME_CLASSES]}
          clearable
          disabled={!draft.msmeNumber.trim()}
          value={draft.msmeClass || null}
          error={fieldError('msmeClass')}
          onChange={(value) => set('msmeClass', value ?? '')}
          data-testid="bp-msmeClass"
        />
        <Select
          size="sm"
          label={t('businessPartner.msmeActivity')}
          data={[...MSME_ACTIVITIES]}
          clearable
          disabled={!draft.msmeNumber.trim()}
          value={draft.msmeActivity || null}
          onChange={(value) => set('msmeActivity', value ?? '')}
          data-testid="bp-msmeActivity"
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          size="sm"
          label={t('businessPartner.tdsSection')}
          data={TDS_CHOICES}
          clearable
          searchable
          value={draft.tdsSection || null}
          error={fieldError('tdsSection')}
          onChange={(value) => set('tdsSection', value ?? '')}
          data-testid="bp-tdsSection"
        />
        <Select
          size="sm"
          label={t('businessPartner.status')}
          data={['Active', 'Inactive']}
          value={draft.status}
          allowDeselect={false}
          onChange={(value) => set('status', value === 'Inactive' ? 'Inactive' : 'Active')}
        />
      </Group>
      <Divider />
      <ContactsEditor
        contacts={draft.contacts}
        touched={touched}
        onChange={(contacts) => set('contacts', contacts)}
        error={errors.fields.contacts}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="bp-save">
          {t('businessPartner.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};
