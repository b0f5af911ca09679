import { gstr2bPlacement, gstr2bWindow, indiaDateOf, isGstr2bGenerated } from '@opengst/domain';
import type { DataActivity, InwardCount, InwardDocument, InwardDownload, InwardSource } from '@opengst/contracts';
import type { Translate } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount, formatDate, formatDateTime } from '../../../shared/format';

// What the inward panel says, from the download records and the domain's GSTR-2B windows: the last download of each
// source (the toast says the same), when and why a GSTR-2B holds what it holds, and where each GSTR-2A document goes.

export const SOURCE_LABEL: Record<InwardSource, string> = { GSTR2A: 'GSTR-2A', GSTR2B: 'GSTR-2B' };

const isRunning = (download: InwardDownload): boolean =>
  download.status === 'Initialized' || download.status === 'InProcess' || download.status === 'Attempted';

const finishedAt = (download: InwardDownload): string => formatDateTime(download.completedAt ?? download.startedAt);

const completedLine = (t: Translate, download: InwardDownload): string =>
  download.userName
    ? t('returns.inward.syncedBy', { time: finishedAt(download), user: download.userName, n: formatCount(download.documentCount) })
    : t('returns.inward.synced', { time: finishedAt(download), n: formatCount(download.documentCount) });

export type DownloadState = 'never' | 'completed' | 'running' | 'notGenerated' | 'failed';

/** The last download of a source in words, and which download the list shows when that is an earlier one. */
export const downloadLines = (
  t: Translate,
  count: InwardCount | undefined,
): { state: DownloadState; text: string; listed: string | null } => {
  const last = count?.lastDownload ?? null;
  if (!last) return { state: 'never', text: t('returns.inward.never'), listed: null };
  if (last.status === 'Completed') return { state: 'completed', text: completedLine(t, last), listed: null };
  const earlier = count?.lastCompleted ?? null;
  const listed = earlier ? t('returns.inward.listed', { time: finishedAt(earlier), n: formatCount(earlier.documentCount) }) : null;
  if (isRunning(last)) return { state: 'running', text: t('returns.inward.running', { time: formatDateTime(last.startedAt) }), listed };
  // Before the 14th the portal has no GSTR-2B of the period: a normal answer, said as such, not a failure.
  if (last.outcome === 'NotGenerated')
    return {
      state: 'notGenerated',
      text: t('returns.inward.notGenerated', { time: finishedAt(last), message: last.message ?? '' }),
      listed,
    };
  return {
    state: 'failed',
    text: t('returns.inward.failed', { time: finishedAt(last), message: last.message ?? t('returns.inward.failedNoReason') }),
    listed,
  };
};

/** The success toast of a download: the same time and count as the panel's line. */
export const downloadedToast = (t: Translate, source: InwardSource, activity: DataActivity): string => {
  const text = t('returns.inward.downloaded', {
    source: SOURCE_LABEL[source],
    time: formatDateTime(activity.completedAt ?? activity.createdAt),
    n: formatCount(activity.documentCount),
  });
  return activity.message ? `${text} ${activity.message}` : text;
};

const windowVars = (period: string) => {
  const window = gstr2bWindow(period);
  return (
    window && {
      period: periodLabel(period),
      monthlyFrom: formatDate(window.monthly.from),
      monthlyTo: formatDate(window.monthly.to),
      quarterlyFrom: formatDate(window.quarterly.from),
      quarterlyTo: formatDate(window.quarterly.to),
      generatedOn: formatDate(window.generatedOn),
    }
  );
};

/** The period's GSTR-2B: its window, and whether it is generated yet (on `now`, an India day). */
export const gstr2bLines = (t: Translate, period: string, now: Date): { window: string; notYet: string | null } | null => {
  const vars = windowVars(period);
  if (!vars) return null;
  return {
    window: t('returns.inward.2b.window', vars),
    notYet: isGstr2bGenerated(period, indiaDateOf(now)) === false ? t('returns.inward.2b.notYet', vars) : null,
  };
};

/** The list's empty text: never downloaded, or downloaded with none (for a GSTR-2B, why that can be). */
export const emptyText = (t: Translate, source: InwardSource, period: string, count: InwardCount | undefined): string => {
  const completed = count?.lastCompleted ?? null;
  if (!completed) return t('returns.inward.empty', { source: SOURCE_LABEL[source] });
  const time = finishedAt(completed);
  const vars = source === 'GSTR2B' ? windowVars(period) : null;
  if (vars) return t('returns.inward.2b.zero', { ...vars, time });
  return t('returns.inward.emptyDownloaded', { source: SOURCE_LABEL[source], time, period: periodLabel(period) });
};

/** Where a document of the period's GSTR-2A goes: this GSTR-2B, a later one (filed after the cut-off), or none yet. */
export const placementText = (t: Translate, period: string, row: Pick<InwardDocument, 'supplierFiled' | 'supplierFilingDate'>): string => {
  const placement = gstr2bPlacement(period, row);
  const filed = row.supplierFilingDate ? formatDate(row.supplierFilingDate) : '';
  const window = gstr2bWindow(period);
  switch (placement.kind) {
    case 'notFiled':
      return t('returns.inward.in2b.notFiled');
    case 'unknown':
      return '—';
    case 'thisPeriod':
      return t('returns.inward.in2b.this', { period: periodLabel(period) });
    case 'otherPeriod':
      return placement.isLater
        ? t('returns.inward.in2b.later', {
            period: periodLabel(placement.period),
            filed,
            cutOff: window ? formatDate(window.monthly.to) : '',
            quarterlyCutOff: window ? formatDate(window.quarterly.to) : '',
          })
        : t('returns.inward.in2b.earlier', {
            period: periodLabel(placement.period),
            filed,
            opened: window ? formatDate(window.monthly.from) : '',
          });
    case 'byFrequency':
      return t('returns.inward.in2b.byFrequency', {
        filed,
        monthly: periodLabel(placement.monthly),
        quarterly: periodLabel(placement.quarterly),
      });
  }
};
