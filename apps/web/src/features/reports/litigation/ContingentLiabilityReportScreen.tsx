import { useMemo, useState } from 'react';
import { Group, MultiSelect, Stack, Text } from '@mantine/core';
import { istDateOf } from '@opengst/domain';
import {
  CONTINGENT_LIABILITY_REPORT as REPORT,
  lastQuarterEnd,
  reportFileName,
  type ContingentLiabilityFilters,
  type ContingentLiabilityRow,
} from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { DateField } from '../../../shared/DateField';
import { ExportButton } from '../../../shared/ExportButton';
import { formatInr } from '@opengst/domain';
import { DataTable } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { NameOverCode, reportColumn, type ColumnOverride } from '../../../shared/report/reportColumns';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { NO_NOTICE_FILTERS, NoticeReportFilters, noticeFiltersOf, type NoticeReportFilterState } from './LitigationReportFilters';

// /contingent-liability-report (spec modules §2.1; issue 23): each notice open at a reporting date (default the last
// quarter end) with the Ind AS 37 assessment in force then, its treatment (Probable: provision; Possible: disclosure;
// Remote: none), the amounts to recognise and to disclose over every matching notice, and the class at the date
// compared with (default the quarter end before).

type ClassChoice = NonNullable<ContingentLiabilityFilters['classes']>[number];
const CLASS_CHOICES: readonly ClassChoice[] = ['Probable', 'Possible', 'Remote', 'NotAssessed'];
const TREATMENT_COLOUR: Record<ContingentLiabilityRow['treatment'], string> = {
  Provision: 'red.8',
  Disclosure: 'orange.9',
  None: 'dimmed',
  NotAssessed: 'dimmed',
};
const DEFAULT_SORT: SortState = parseSortExpression(REPORT.defaultSort);

export const ContingentLiabilityReportScreen = () => {
  const t = useText();
  const today = istDateOf(new Date());
  const [asOf, setAsOf] = useState(() => lastQuarterEnd(today));
  const [previousAsOf, setPreviousAsOf] = useState('');
  const [classes, setClasses] = useState<ClassChoice[]>([]);
  const [notices, setNotices] = useState<NoticeReportFilterState>(NO_NOTICE_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort);
  const comparedWith = previousAsOf || lastQuarterEnd(asOf || today);
  const filters = useMemo<ContingentLiabilityFilters>(
    () => ({
      ...(asOf ? { asOf } : {}),
      previousAsOf: comparedWith,
      ...noticeFiltersOf(notices),
      ...(classes.length > 0 ? { classes } : {}),
    }),
    [asOf, comparedWith, notices, classes],
  );
  const list = useReport(REPORT, ['reports', 'contingent-liability'], filters, sortExpression);

  const column = (key: (typeof REPORT)['columns'][number]['key'], override?: ColumnOverride<ContingentLiabilityRow>) =>
    reportColumn(REPORT, key, t, override);
  const classText = (value: string | null) => (value ? t(`litReport.class.${value}` as 'litReport.class.Probable') : '—');
  const columns = [
    column('entityName', {
      header: t('litReport.gstin'),
      render: (row) => <NameOverCode name={row.entityName} code={row.gstin} maxWidth={170} />,
      width: 190,
    }),
    column('form'),
    column('referenceNumber'),
    column('issuedOn'),
    column('section'),
    column('financialYears'),
    column('contingentClass', { render: (row) => classText(row.contingentClass) }),
    column('contingentAmount'),
    column('treatment', {
      render: (row) => (
        <Text
          span
          size="sm"
          fw={600}
          c={TREATMENT_COLOUR[row.treatment]}
          style={{ whiteSpace: 'nowrap' }}
          data-testid={`treatment-${row.id}`}
        >
          {t(`litReport.treatment.${row.treatment}`)}
        </Text>
      ),
    }),
    column('provision'),
    column('disclosure'),
    column('previousClass', {
      header: `${t('litReport.previousClass')} (${comparedWith.split('-').reverse().join('-')})`,
      render: (row) => (
        <Text span size="sm" c={row.previousClass !== row.contingentClass ? 'orange.9' : undefined}>
          {classText(row.previousClass)}
          {row.previousAmount !== null && row.previousAmount !== row.contingentAmount ? ` · ${formatInr(row.previousAmount)}` : ''}
        </Text>
      ),
    }),
    // The demand by head after the assessment: the Ind AS 37 columns stay in view on a laptop screen.
    column('taxIgst'),
    column('taxCgst'),
    column('taxSgst'),
    column('taxCess'),
    column('interest'),
    column('penalty'),
    column('totalDemand'),
  ];

  return (
    <Stack gap="sm">
      <NoticeReportFilters state={notices} onChange={setNotices} today={today}>
        <DateField
          size="xs"
          w={130}
          label={t('litReport.asOf')}
          value={asOf}
          onChange={setAsOf}
          maxDate={today}
          data-testid="lit-report-as-of"
        />
        <DateField
          size="xs"
          w={130}
          label={t('litReport.previousAsOf')}
          value={previousAsOf}
          placeholder={comparedWith.split('-').reverse().join('-')}
          onChange={setPreviousAsOf}
          data-testid="lit-report-previous-as-of"
        />
        <MultiSelect
          size="xs"
          w={170}
          label={t('litReport.classes')}
          placeholder={classes.length === 0 ? t('audit.all') : undefined}
          data={CLASS_CHOICES.map((value) => ({ value, label: t(`litReport.class.${value}`) }))}
          value={classes}
          onChange={(next) => setClasses(next as ClassChoice[])}
          clearable
          data-testid="lit-report-classes"
        />
      </NoticeReportFilters>
      <Group justify="space-between" align="center">
        <ReportTotals
          report={REPORT}
          totalRecords={list.totalRecords}
          totals={list.totals}
          countLabel={(n) => t('litReport.noticesCount', { n })}
          testId="contingent-totals"
        />
        <ExportButton
          download={() => exportReport(REPORT, sortExpression, filters)}
          fileName={reportFileName(REPORT)}
          testId="contingent-export"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('litReport.basis')}
      </Text>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.id}
        rowLabel={(row) => `${row.form} ${row.referenceNumber}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('litReport.contingentEmpty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
      />
    </Stack>
  );
};
