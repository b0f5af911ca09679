import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { financialYearOfPeriod } from '@opengst/domain';
import { returnPeriodsBetween, type InwardBulkProgress, type InwardSource } from '@opengst/contracts';
import { userEntitiesQuery } from '../../../api/sessionData';
import { useText } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount } from '../../../shared/format';
import { splitApiErrors, type FieldErrors } from '../../../shared/forms';
import { startInwardBulk } from './inwardApi';
import { INWARD_SOURCES, lastMonthOf, recentPeriods, SOURCE_NAME } from './inwardRules';

// The request of a bulk download: the GSTINs (the user's locations with a GSTIN), a range of return periods and the
// sources. Start queues one job and closes the dialog: the progress shows beside the button, the screen stays usable.

export type BulkInwardDefaults = {
  entityIds?: readonly number[] | undefined;
  fromPeriod?: string | undefined;
  toPeriod?: string | undefined;
};

type Props = BulkInwardDefaults & { opened: boolean; onClose: () => void; onStarted: (progress: InwardBulkProgress) => void };

const FIELDS = ['entityIds', 'fromPeriod', 'toPeriod', 'sources'] as const;

export const BulkInwardForm = ({ opened, onClose, onStarted, ...defaults }: Props) => {
  const t = useText();
  const now = new Date();
  const periods = recentPeriods(now);
  const lastMonth = lastMonthOf(now);
  const [entityIds, setEntityIds] = useState<string[]>(() => (defaults.entityIds ?? []).map(String));
  const [fromPeriod, setFromPeriod] = useState<string | null>(defaults.fromPeriod ?? defaults.toPeriod ?? lastMonth);
  const [toPeriod, setToPeriod] = useState<string | null>(defaults.toPeriod ?? defaults.fromPeriod ?? lastMonth);
  const [sources, setSources] = useState<InwardSource[]>([...INWARD_SOURCES]);
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);
  const { data: entities = [] } = useQuery(userEntitiesQuery(financialYearOfPeriod(toPeriod ?? lastMonth)));
  const locations = entities.filter((entity) => entity.hasAccess && entity.entityType !== 'Business' && entity.gstin);
  // A period chosen by the caller stays offered even when it is older than the list.
  const extra = [fromPeriod, toPeriod].filter((period): period is string => !!period && !periods.includes(period));
  const options = [...new Set([...extra, ...periods])].map((period) => ({ value: period, label: periodLabel(period) }));
  const periodCount = fromPeriod && toPeriod ? returnPeriodsBetween(fromPeriod, toPeriod).length : 0;
  const downloads = entityIds.length * periodCount * sources.length;

  const submit = async () => {
    const missing: FieldErrors = {
      ...(entityIds.length === 0 ? { entityIds: t('returns.inward.bulk.chooseGstin') } : {}),
      ...(sources.length === 0 ? { sources: t('returns.inward.bulk.chooseSource') } : {}),
    };
    if (Object.keys(missing).length > 0 || !fromPeriod || !toPeriod) return setErrors({ fields: missing, general: [] });
    setBusy(true);
    setErrors({ fields: {}, general: [] });
    try {
      onStarted(await startInwardBulk({ entityIds: entityIds.map(Number), fromPeriod, toPeriod, sources }));
    } catch (error) {
      setErrors(splitApiErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('returns.inward.bulk.title')}</Text>} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        data-testid="inward-bulk-form"
      >
        <Stack gap="sm">
          <MultiSelect
            size="xs"
            label={t('returns.inward.bulk.gstins')}
            placeholder={entityIds.length === 0 ? t('returns.inward.bulk.gstinsPlaceholder') : undefined}
            data={locations.map((entity) => ({ value: String(entity.entityId), label: `${entity.gstin ?? ''} · ${entity.entityName}` }))}
            value={entityIds}
            onChange={setEntityIds}
            searchable
            clearable
            error={errors.fields.entityIds}
            data-testid="inward-bulk-gstins"
          />
          <Group gap="sm" align="flex-start">
            <Select
              size="xs"
              w={140}
              label={t('returns.inward.bulk.from')}
              data={options}
              value={fromPeriod}
              onChange={setFromPeriod}
              allowDeselect={false}
              error={errors.fields.fromPeriod}
              data-testid="inward-bulk-from"
            />
            <Select
              size="xs"
              w={140}
              label={t('returns.inward.bulk.to')}
              data={options}
              value={toPeriod}
              onChange={setToPeriod}
              allowDeselect={false}
              error={errors.fields.toPeriod}
              data-testid="inward-bulk-to"
            />
            <Checkbox.Group
              label={t('returns.inward.bulk.sources')}
              value={sources}
              onChange={(next) => setSources(INWARD_SOURCES.filter((source) => next.includes(source)))}
              error={errors.fields.sources}
              size="xs"
            >
              <Group gap="sm" mt={8}>
                {INWARD_SOURCES.map((source) => (
                  <Checkbox key={source} value={source} label={SOURCE_NAME[source]} data-testid={`inward-bulk-source-${source}`} />
                ))}
              </Group>
            </Checkbox.Group>
          </Group>
          <Text size="xs" c="dimmed">
            {t('returns.inward.bulk.sessionHint')}
          </Text>
          {downloads > 0 ? (
            <Text size="xs" data-testid="inward-bulk-count">
              {t('returns.inward.bulk.count', {
                n: formatCount(downloads),
                gstins: formatCount(entityIds.length),
                periods: formatCount(periodCount),
                sources: formatCount(sources.length),
              })}
            </Text>
          ) : null}
          {errors.general.length > 0 ? (
            <Alert color="red" variant="light" role="alert" data-testid="inward-bulk-error">
              {errors.general.join(' ')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" type="submit" loading={isBusy} data-testid="inward-bulk-start">
              {t('returns.inward.bulk.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
