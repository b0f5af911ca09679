import { useMemo, useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { istDateOf } from '@opengst/domain';
import { GST_ASSESSMENT_REPORT as REPORT, reportFileName, routeByName, type GstAssessmentRow } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { DataTable } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { NameOverCode, reportColumn, type ColumnOverride } from '../../../shared/report/reportColumns';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { formatCount } from '../../../shared/format';
import { NO_NOTICE_FILTERS, NoticeReportFilters, noticeFiltersOf, type NoticeReportFilterState } from './LitigationReportFilters';

// /gst-assessment-report (spec modules §2.1; issue 23): assessments and demands by location, financial year and
// section: the notices, the tax, interest and penalty demanded, what orders confirmed and dropped, what was paid and
// what is under appeal. Each row's count opens the notice register filtered to that location, year and section.

const DEFAULT_SORT: SortState = parseSortExpression(REPORT.defaultSort);

/** The register (/litigation-management) filtered to a row: it reads entityIds, financialYears and sections. */
export const registerLinkOf = (row: GstAssessmentRow): string => {
  const params = new URLSearchParams({
    entityIds: String(row.entityId),
    financialYears: row.financialYear || '-',
    sections: row.section || '-',
  });
  return `${routeByName('LitigationManagement').path}?${params.toString()}`;
};

export const GstAssessmentReportScreen = () => {
  const t = useText();
  const today = istDateOf(new Date());
  const [notices, setNotices] = useState<NoticeReportFilterState>(NO_NOTICE_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort);
  const filters = useMemo(() => noticeFiltersOf(notices), [notices]);
  const list = useReport(REPORT, ['reports', 'gst-assessment'], filters, sortExpression);

  const column = (key: (typeof REPORT)['columns'][number]['key'], override?: ColumnOverride<GstAssessmentRow>) =>
    reportColumn(REPORT, key, t, override);
  const columns = [
    column('entityName', {
      header: t('litReport.gstin'),
      render: (row) => <NameOverCode name={row.entityName} code={row.gstin} maxWidth={190} />,
      width: 210,
    }),
    column('financialYear', { render: (row) => row.financialYear || t('litReport.noYear') }),
    column('section', { render: (row) => row.section || t('litReport.noSection') }),
    column('notices', {
      render: (row) => (
        <Anchor component={Link} to={registerLinkOf(row)} size="sm" data-testid={`assessment-link-${row.id}`}>
          {formatCount(row.notices)}
        </Anchor>
      ),
    }),
    column('tax'),
    column('interest'),
    column('penalty'),
    column('demanded'),
    column('confirmed'),
    column('dropped'),
    column('paid'),
    column('underAppeal'),
  ];

  return (
    <Stack gap="sm">
      <NoticeReportFilters state={notices} onChange={setNotices} today={today} />
      <Group justify="space-between" align="center">
        <ReportTotals
          report={REPORT}
          totalRecords={list.totals?.notices ?? 0}
          totals={list.totals}
          countLabel={(n) => t('litReport.noticesCount', { n })}
          testId="assessment-totals"
        />
        <ExportButton
          download={() => exportReport(REPORT, sortExpression, filters)}
          fileName={reportFileName(REPORT)}
          testId="assessment-export"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('litReport.assessmentBasis')}
      </Text>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.id}
        rowLabel={(row) => `${row.gstin ?? row.entityName} ${row.financialYear} ${row.section}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('litReport.assessmentEmpty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
      />
    </Stack>
  );
};
