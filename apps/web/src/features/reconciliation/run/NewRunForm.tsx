import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { financialYearOfPeriod, latestOpenReturnPeriod } from '@opengst/domain';
import type { PortalSource, Run } from '@opengst/contracts';
import { financialYearsQuery } from '../../../api/sessionData';
import { useText, type TextKey } from '../../../i18n/useText';
import { FinancialYearSelect, PeriodRangeSelects } from '../../../shared/filter-bar/PeriodPickers';
import { openPeriodsOf } from '../../../shared/filter-bar/periods';
import { splitApiErrors, type FieldErrors } from '../../../shared/forms';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { useWorkingYear } from '../../../shared/workingYear';
import { startRun } from '../reconciliationApi';

// A new reconciliation: the GSTINs (the user's locations with a GSTIN), the first and last return period of one
// financial year (picked as the returns screens pick them) and the portal's source, GSTR-2B by default. The run is
// queued; the screen follows its progress. The IMS screen fixes the source to IMS and hands in the GSTINs it has chosen.

type Props = {
  opened: boolean;
  onClose: () => void;
  onStarted: (run: Run) => void;
  /** The source, fixed: the form does not offer another. */
  portalSource?: PortalSource | undefined;
  /** The GSTINs chosen at first (location ids). */
  initialEntityIds?: readonly number[] | undefined;
};

const SOURCE_HINT = {
  GSTR2B: 'reconciliation.new.gstr2bHint',
  GSTR2A: 'reconciliation.new.gstr2aHint',
  IMS: 'reconciliation.new.imsHint',
} as const satisfies Record<PortalSource, TextKey>;

const FIELDS = ['entityIds', 'fromPeriod', 'toPeriod', 'portalSource'] as const;

/** The working year when it has an open month (early April it has none yet), else the year of the latest open month. */
const openingYear = (workingYear: string, today: Date): string =>
  openPeriodsOf(workingYear, today).length > 0 ? workingYear : financialYearOfPeriod(latestOpenReturnPeriod(today));

export const NewRunForm = ({ opened, onClose, onStarted, portalSource: fixedSource, initialEntityIds = [] }: Props) => {
  const t = useText();
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [financialYear, setFinancialYear] = useState(() => openingYear(workingYear, new Date()));
  const periods = openPeriodsOf(financialYear, new Date());
  const [fromPeriod, setFromPeriod] = useState<string | null>(periods.at(-1) ?? null);
  const [toPeriod, setToPeriod] = useState<string | null>(periods[0] ?? null);
  const [entityIds, setEntityIds] = useState<string[]>(() => initialEntityIds.map(String));
  const [portalSource, setPortalSource] = useState<PortalSource>(fixedSource ?? 'GSTR2B');
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);

  const changeYear = (year: string) => {
    const next = openPeriodsOf(year, new Date());
    setFinancialYear(year);
    setFromPeriod(next.at(-1) ?? null);
    setToPeriod(next[0] ?? null);
    setEntityIds([]);
  };
  const submit = async () => {
    const missing: FieldErrors = {
      ...(entityIds.length === 0 ? { entityIds: t('reconciliation.new.chooseGstin') } : {}),
      ...(!fromPeriod ? { fromPeriod: t('reconciliation.new.choosePeriod') } : {}),
      ...(!toPeriod ? { toPeriod: t('reconciliation.new.choosePeriod') } : {}),
    };
    if (Object.keys(missing).length > 0 || !fromPeriod || !toPeriod) return setErrors({ fields: missing, general: [] });
    setBusy(true);
    setErrors({ fields: {}, general: [] });
    try {
      const run = await startRun({ entityIds: entityIds.map(Number), fromPeriod, toPeriod, portalSource });
      onStarted(run);
    } catch (error) {
      setErrors(splitApiErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t(fixedSource === 'IMS' ? 'reconciliation.ims.new.title' : 'reconciliation.new.title')}</Text>}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        data-testid="new-run-form"
      >
        <Stack gap="sm">
          <GstinMultiSelect
            financialYear={financialYear}
            value={entityIds}
            onChange={setEntityIds}
            label={t('reconciliation.new.gstins')}
            placeholder={t('reconciliation.new.gstinsHint')}
            error={errors.fields.entityIds}
            testId="new-run-gstins"
          />
          <Group gap="sm" align="flex-start">
            <FinancialYearSelect
              years={years.length > 0 ? years.map((year) => year.label) : [financialYear]}
              value={financialYear}
              onChange={changeYear}
            />
            <PeriodRangeSelects
              periods={periods}
              from={fromPeriod}
              to={toPeriod}
              onFromChange={setFromPeriod}
              onToChange={setToPeriod}
              labels={{ from: t('reconciliation.new.from'), to: t('reconciliation.new.to') }}
              w={130}
              errors={{ from: errors.fields.fromPeriod, to: errors.fields.toPeriod }}
              testIdPrefix="new-run"
            />
          </Group>
          <Stack gap={2}>
            <Text size="xs" fw={500}>
              {t('reconciliation.new.source')}
            </Text>
            {fixedSource ? (
              <Text size="sm" fw={600} data-testid="new-run-source-fixed">
                {t(`reconciliation.source.${fixedSource}`)}
              </Text>
            ) : (
              <SegmentedControl
                size="xs"
                value={portalSource}
                onChange={(value) => setPortalSource(value as PortalSource)}
                data={[
                  { value: 'GSTR2B', label: t('reconciliation.source.GSTR2B') },
                  { value: 'GSTR2A', label: t('reconciliation.source.GSTR2A') },
                ]}
                data-testid="new-run-source"
              />
            )}
            <Text size="xs" c="dimmed">
              {t(SOURCE_HINT[portalSource])}
            </Text>
          </Stack>
          <RefusalAlert messages={errors.general} testId="new-run-refusal" />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" type="submit" loading={isBusy} data-testid="new-run-start">
              {t('reconciliation.new.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
