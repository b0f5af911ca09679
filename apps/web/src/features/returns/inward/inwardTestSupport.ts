import type { InwardBulkItem, InwardBulkProgress, InwardSummaryRow, UserEntity } from '@opengst/contracts';
import { BUSINESS, gstinLocation, MUMBAI } from '../../../test/entityFixtures';

// Fixtures of the bulk download and summary component tests.

export const ENTITIES: UserEntity[] = [BUSINESS, MUMBAI, gstinLocation(6, '33AAPFU0939F1ZR', 'Chennai')];

export const item = (activityId: number, patch: Partial<InwardBulkItem> = {}): InwardBulkItem => ({
  activityId,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  returnPeriod: '102026',
  source: 'GSTR2A',
  status: 'Initialized',
  outcome: 'Pending',
  documentCount: 0,
  message: null,
  createdAt: '2026-11-26T08:00:00Z',
  completedAt: null,
  ...patch,
});

/** The progress of the items, counted as the server counts them. */
export const progressOf = (items: InwardBulkItem[], finishedAt: string | null = null): InwardBulkProgress => {
  const count = (outcome: InwardBulkItem['outcome']) => items.filter((i) => i.outcome === outcome).length;
  const done = count('Downloaded') + count('NotGenerated') + count('Failed');
  return {
    activityIds: items.map((i) => i.activityId),
    total: items.length,
    pending: count('Pending'),
    running: count('Running'),
    downloaded: count('Downloaded'),
    notGenerated: count('NotGenerated'),
    failed: count('Failed'),
    done,
    documents: items.reduce((sum, i) => sum + (i.outcome === 'Downloaded' ? i.documentCount : 0), 0),
    isFinished: done === items.length,
    startedAt: '2026-11-26T08:00:00Z',
    finishedAt,
    items,
  };
};

export const summaryRow = (patch: Partial<InwardSummaryRow> = {}): InwardSummaryRow => ({
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  returnPeriod: '102026',
  source: 'GSTR2B',
  activityId: 41,
  method: 'Manual',
  status: 'Completed',
  outcome: 'Downloaded',
  startedAt: '2026-11-26T08:00:00Z',
  completedAt: '2026-11-26T08:00:05Z',
  documentCount: 12,
  message: null,
  userName: 'Asha Rao',
  lastCompletedAt: '2026-11-26T08:00:05Z',
  documents: 12,
  ...patch,
});
