import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { financialYearOfPeriod } from '@opengst/domain';
import { returnPeriodsBetween, type InwardBulkProgress, type InwardSource } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { PeriodRangeSelects } from '../../../shared/filter-bar/PeriodPickers';
import { formatCount } from '../../../shared/format';
import { splitApiErrors, type FieldErrors } from '../../../shared/forms';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
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
  // A period chosen by the caller stays offered even when it is older than the list.
  const extra = [fromPeriod, toPeriod].filter((period): period is string => !!period && !periods.includes(period));
  const offered = [...new Set([...extra, ...periods])];
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
          <GstinMultiSelect
            financialYear={financialYearOfPeriod(toPeriod ?? lastMonth)}
            value={entityIds}
            onChange={setEntityIds}
            label={t('returns.inward.bulk.gstins')}
            placeholder={t('returns.inward.bulk.gstinsPlaceholder')}
            error={errors.fields.entityIds}
            testId="inward-bulk-gstins"
          />
          <Group gap="sm" align="flex-start">
            <PeriodRangeSelects
              periods={offered}
              from={fromPeriod}
              to={toPeriod}
              onFromChange={setFromPeriod}
              onToChange={setToPeriod}
              labels={{ from: t('returns.inward.bulk.from'), to: t('returns.inward.bulk.to') }}
              w={140}
              errors={{ from: errors.fields.fromPeriod, to: errors.fields.toPeriod }}
              testIdPrefix="inward-bulk"
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
