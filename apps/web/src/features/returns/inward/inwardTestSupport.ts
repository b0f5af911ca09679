import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { InwardBulkItem, InwardBulkProgress, InwardSummaryRow } from '@opengst/contracts';

// Fixtures of the bulk download and summary component tests.

export const ENTITIES = [
  {
    entityId: 1,
    parentEntityId: null,
    gstin: null,
    entityName: 'Acme',
    entityType: 'Business',
    status: 'Active',
    stateCode: null,
    hasAccess: true,
  },
  {
    entityId: 5,
    parentEntityId: 1,
    gstin: '27AAPFU0939F1ZV',
    entityName: 'Mumbai',
    entityType: 'Location',
    status: 'Active',
    stateCode: '27',
    hasAccess: true,
  },
  {
    entityId: 6,
    parentEntityId: 1,
    gstin: '33AAPFU0939F1ZR',
    entityName: 'Chennai',
    entityType: 'Location',
    status: 'Active',
    stateCode: '33',
    hasAccess: true,
  },
];

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

/** Opens a Mantine select and clicks one of its options. */
export const pick = async (input: HTMLElement, option: string) => {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = window.document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('The options did not open.');
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
};
