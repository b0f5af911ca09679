import type { ReactNode } from 'react';
import { Anchor, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { litigationText as lt, type Notice, type NoticeOptions } from '@opengst/contracts';
import { STAGE_NAMES } from '@opengst/domain';
import { formatDate } from '../../shared/format';
import type { Column } from '../../shared/list/DataTable';
import { Amount } from '../../shared/payments/paymentCells';
import { DueCell, NoticeStatusBadge, TagBadges } from './NoticeBadges';
import { NoticeSourceBadge } from './NoticePortalSync';
import { noticeLink } from './noticesApi';

// The notice register's table columns (/litigation-management): location, form, reference (a link, with its source
// and tags), issue and reply dates (days left), status and stage, demand, contingent class, who is on it.

const NoWrap = ({ children }: { children: ReactNode }) => (
  <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
    {children}
  </Text>
);

/** The register's columns; the tags' names and colours come from litigation/options. */
export const noticeColumnsOf = (tags: NoticeOptions['tags']): Column<Notice>[] => [
  {
    key: 'location',
    header: lt('notice.location'),
    width: 150,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.gstin ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate maw={150}>
          {row.entityName}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'form',
    header: lt('notice.form'),
    sortKey: 'form',
    width: 90,
    render: (row) => (
      <Tooltip label={row.formTitle} withArrow>
        <Text size="sm" span style={{ whiteSpace: 'nowrap' }} aria-label={`${row.form}: ${row.formTitle}`}>
          {row.form}
        </Text>
      </Tooltip>
    ),
  },
  {
    key: 'reference',
    header: lt('notice.reference'),
    sortKey: 'referenceNumber',
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <Anchor component={Link} to={noticeLink(row.id)} size="sm" ff="monospace" onClick={(event) => event.stopPropagation()}>
          {row.referenceNumber}
        </Anchor>
        <NoticeSourceBadge source={row.source} />
        <TagBadges tagIds={row.tagIds} tags={tags} />
      </Stack>
    ),
  },
  {
    key: 'issuedOn',
    header: lt('notice.issuedOn'),
    sortKey: 'issuedOn',
    width: 100,
    render: (row) => <NoWrap>{formatDate(row.issuedOn)}</NoWrap>,
  },
  {
    key: 'dueOn',
    header: lt('notice.dueOn'),
    sortKey: 'dueOn',
    width: 130,
    render: (row) => <DueCell dueOn={row.dueOn} daysLeft={row.daysLeft} status={row.status} />,
  },
  {
    key: 'status',
    header: lt('notice.statusColumn'),
    sortKey: 'stage',
    width: 150,
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <NoticeStatusBadge status={row.status} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {STAGE_NAMES[row.stage]}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'totalDemand',
    header: lt('notice.demandColumn'),
    isNumeric: true,
    width: 130,
    render: (row) => <Amount paise={row.totalDemand} />,
  },
  { key: 'contingent', header: lt('notice.contingentColumn'), width: 100, render: (row) => row.contingentClass ?? '—' },
  {
    key: 'assignee',
    header: lt('notice.assigneeColumn'),
    width: 100,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate maw={100}>
          {row.assigneeName ?? '—'}
        </Text>
        {row.consultants.length > 0 ? (
          <Text
            size="xs"
            c="dimmed"
            truncate
            maw={100}
            title={row.consultants.map((c) => c.displayName).join(', ')}
            data-testid="notice-consultants"
          >
            {row.consultants.map((c) => c.displayName).join(', ')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];
