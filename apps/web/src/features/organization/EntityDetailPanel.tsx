import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Loader, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatInr, parseAmount } from '@opengst/domain';
import type { EntityDetail } from '@opengst/contracts';
import { financialYearsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { Field, FieldList } from '../../shared/DetailDrawer';
import { formatDate, formatDateTime } from '../../shared/format';
import { splitApiErrors } from '../../shared/forms';
import { StatusBadge } from '../../shared/StatusBadge';
import { deleteEntities, entityDetailQuery, setPortalCredential, setTurnover, updateEntityStatus } from './organizationApi';
import { organizationKeys } from './organizationKeys';

// The detail panel of /entities: every field, turnover by financial year (it drives the e-invoice and HSN-digit
// rules), the GST portal credential status (the password is never shown back), status and delete.

const TurnoverSection = ({ detail, canManage, onChanged }: { detail: EntityDetail; canManage: boolean; onChanged: () => void }) => {
  const t = useText();
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const [financialYear, setFinancialYear] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const save = async () => {
    const parsed = parseAmount(amount);
    if (!financialYear) return setProblem(t('entity.chooseYear'));
    if (!parsed.ok) return setProblem(parsed.message);
    setBusy(true);
    try {
      await setTurnover(detail.entityId, financialYear, amount.replace(/,/g, ''));
      setAmount('');
      setProblem(null);
      onChanged();
    } catch (error) {
      setProblem(splitApiErrors(error, []).general.join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={6}>{t('entity.turnover')}</Title>
      {detail.turnovers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('entity.noTurnover')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('entity.financialYear')}</Table.Th>
              <Table.Th className="numeric">{t('entity.turnoverRupees')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.turnovers.map((row) => (
              <Table.Tr key={row.financialYear}>
                <Table.Td>{row.financialYear}</Table.Td>
                <Table.Td className="numeric">{formatInr(row.turnover)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canManage ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Group gap="xs" align="flex-start">
            <Select
              size="xs"
              w={120}
              aria-label={t('entity.financialYear')}
              placeholder={t('entity.financialYear')}
              data={years.map((year) => year.label)}
              value={financialYear}
              onChange={setFinancialYear}
              data-testid="turnover-year"
            />
            <TextInput
              size="xs"
              w={180}
              aria-label={t('entity.turnoverRupees')}
              placeholder="1,23,45,678.00"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
              data-testid="turnover-amount"
            />
            <Button type="submit" size="xs" variant="default" loading={isBusy}>
              {t('entity.setTurnover')}
            </Button>
          </Group>
          {problem ? (
            <Text size="xs" c="red" mt={4} role="alert">
              {problem}
            </Text>
          ) : null}
        </form>
      ) : null}
    </Stack>
  );
};

const CredentialSection = ({ detail, canManage, onChanged }: { detail: EntityDetail; canManage: boolean; onChanged: () => void }) => {
  const t = useText();
  const [isEditing, setEditing] = useState(false);
  const [userName, setUserName] = useState(detail.portalUserName ?? '');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await setPortalCredential({ entityId: detail.entityId, portalUserName: userName.trim(), portalPassword: password });
      setPassword('');
      setEditing(false);
      setProblem(null);
      onChanged();
    } catch (error) {
      setProblem(
        splitApiErrors(error, []).general.join(' ') ||
          Object.values(splitApiErrors(error, ['portalUserName', 'portalPassword']).fields).join(' '),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={6}>{t('entity.portalCredential')}</Title>
      <Group gap="xs">
        {detail.hasPortalCredential ? (
          <Badge color="green" variant="light" radius="sm" tt="none">
            {t('entity.credentialSet', { user: detail.portalUserName ?? '' })}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" radius="sm">
            {t('entity.credentialNotSet')}
          </Badge>
        )}
        {canManage && !isEditing ? (
          <Button size="compact-xs" variant="default" onClick={() => setEditing(true)} data-testid="credential-edit">
            {detail.hasPortalCredential ? t('entity.replaceCredential') : t('entity.setCredential')}
          </Button>
        ) : null}
      </Group>
      {isEditing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="xs">
            <TextInput
              size="xs"
              label={t('entity.portalUserName')}
              value={userName}
              required
              onChange={(e) => setUserName(e.currentTarget.value)}
            />
            <PasswordInput
              size="xs"
              label={t('entity.portalPassword')}
              value={password}
              required
              autoComplete="new-password"
              description={t('entity.passwordNeverShown')}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {problem ? (
              <Text size="xs" c="red" role="alert">
                {problem}
              </Text>
            ) : null}
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" type="submit" loading={isBusy} disabled={!userName.trim() || !password}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
};

export type EntityPermissions = { canManage: boolean; canDelete: boolean };

export const EntityDetailPanel = ({
  entityId,
  permissions,
  onEdit,
  onRemoved,
}: {
  entityId: number;
  permissions: EntityPermissions;
  onEdit: (detail: EntityDetail) => void;
  onRemoved: () => void;
}) => {
  const t = useText();
  const client = useQueryClient();
  const { data: detail, isPending, isError } = useQuery(entityDetailQuery(entityId));
  const refresh = () => void client.invalidateQueries({ queryKey: organizationKeys.all });
  if (isPending) return <Loader size="sm" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('entity.detailFailed')}
      </Alert>
    );
  const nextStatus = detail.status === 'Active' ? 'Inactive' : 'Active';
  return (
    <Stack gap="md" data-testid="entity-detail">
      <Group gap="xs">
        <StatusBadge status={detail.status} />
        <Badge variant="outline" color="gray" radius="sm">
          {detail.entityType}
        </Badge>
        {detail.isSystem ? (
          <Badge variant="outline" color="gray" radius="sm">
            {t('entity.system')}
          </Badge>
        ) : null}
      </Group>
      <FieldList>
        <Field label={t('entity.gstin')}>
          <Text ff="monospace" size="sm">
            {detail.gstin ?? '—'}
          </Text>
        </Field>
        <Field label={t('entity.pan')}>{detail.pan ?? '—'}</Field>
        <Field label={t('entity.parent')}>{detail.parentEntityName ?? '—'}</Field>
        <Field label={t('entity.state')}>{detail.stateCode ?? '—'}</Field>
        <Field label={t('entity.taxpayerType')}>{detail.taxpayerType ?? '—'}</Field>
        <Field label={t('entity.vertical')}>{detail.verticalName ?? '—'}</Field>
        <Field label={t('entity.legalName')}>{detail.legalName ?? '—'}</Field>
        <Field label={t('entity.tradeName')}>{detail.tradeName ?? '—'}</Field>
        <Field label={t('org.address')}>{detail.address ?? '—'}</Field>
        <Field label={t('entity.pincode')}>{detail.pincode ?? '—'}</Field>
        <Field label={t('entity.email')}>{detail.email ?? '—'}</Field>
        <Field label={t('entity.registrationDate')}>{detail.registrationDate ? formatDate(detail.registrationDate) : '—'}</Field>
        <Field label={t('entity.children')}>
          {t('entity.childCounts', { active: detail.activeChildren, inactive: detail.inactiveChildren })}
        </Field>
        <Field label={t('org.updatedOn')}>{formatDateTime(detail.updatedAt)}</Field>
      </FieldList>
      {permissions.canManage ? (
        <Group gap="xs">
          <Button size="xs" onClick={() => onEdit(detail)} data-testid="entity-edit">
            {t('common.edit')}
          </Button>
          <ConfirmAction
            label={nextStatus === 'Active' ? t('org.activate') : t('org.deactivate')}
            title={nextStatus === 'Active' ? t('org.activate') : t('org.deactivate')}
            message={t('org.confirmStatus', { n: 1, status: nextStatus })}
            confirmLabel={nextStatus === 'Active' ? t('org.activate') : t('org.deactivate')}
            onConfirm={() => updateEntityStatus([detail.entityId], nextStatus)}
            onDone={refresh}
            testId="entity-status"
          />
          {permissions.canDelete ? (
            <ConfirmAction
              label={t('org.delete')}
              color="red"
              title={t('org.delete')}
              message={t('entity.confirmDelete', { name: detail.entityName })}
              confirmLabel={t('org.delete')}
              onConfirm={() => deleteEntities([detail.entityId])}
              onDone={onRemoved}
              testId="entity-delete"
            />
          ) : null}
        </Group>
      ) : null}
      <Divider />
      {detail.entityType !== 'Business' ? <TurnoverSection detail={detail} canManage={permissions.canManage} onChanged={refresh} /> : null}
      {detail.entityType !== 'Business' ? (
        <CredentialSection detail={detail} canManage={permissions.canManage} onChanged={refresh} />
      ) : null}
    </Stack>
  );
};
