import type { Notice, NoticeDetail, UserEntity } from '@opengst/contracts';

// Notices as the API answers them, for the screen tests.

export const notice = (id: number, extra: Partial<Notice> = {}): Notice => ({
  id,
  entityId: 2,
  entityName: 'Mumbai branch',
  gstin: '27AAPFU0939F1ZV',
  form: 'ASMT-10',
  formTitle: 'Scrutiny of returns: discrepancies',
  noticeType: 'Notice',
  referenceNumber: `ZA27${id}`,
  issuedOn: '2026-11-02',
  dueOn: '2026-12-02',
  dueBasis: 'Rule 99(2)',
  daysLeft: 5,
  stage: 'Received',
  status: 'ACT',
  section: '61',
  subject: 'Mismatch of GSTR-1 and GSTR-3B',
  demand: { taxIgst: 0, taxCgst: 5_000_000, taxSgst: 5_000_000, taxCess: 0, interest: 120_000, penalty: 0 },
  totalDemand: 10_120_000,
  contingentClass: 'Possible',
  contingentAmount: 10_000_000,
  contingentTreatment: 'Disclosure',
  assigneeUserId: 7,
  assigneeName: 'Asha Rao',
  assigneeLevelId: null,
  assigneeLevelName: null,
  tagIds: [],
  consultants: [],
  source: 'Manual',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

export const detail = (id: number, extra: Partial<NoticeDetail> = {}): NoticeDetail => ({
  ...notice(id),
  receivedOn: '2026-11-03',
  statedDueOn: null,
  financialYears: ['2024-25'],
  officerName: 'R. Iyer',
  officerDesignation: 'Superintendent',
  jurisdiction: 'Range II, Mumbai',
  contingentAsOf: '2026-09-30',
  isReopened: false,
  nextStages: ['UnderReview', 'ReplyDrafted', 'Replied', 'Hearing', 'Order', 'Closed'],
  events: [
    {
      id: 1,
      action: 'Created',
      fromStage: null,
      toStage: 'Received',
      eventDate: '2026-11-02',
      reference: '',
      amount: null,
      note: '',
      userName: 'Admin',
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
  ...extra,
});

export const location: UserEntity = {
  entityId: 2,
  parentEntityId: 1,
  gstin: '27AAPFU0939F1ZV',
  entityName: 'Mumbai branch',
  entityType: 'Location',
  status: 'Active',
  stateCode: '27',
  hasAccess: true,
};
export const business: UserEntity = {
  ...location,
  entityId: 1,
  parentEntityId: null,
  gstin: null,
  entityName: 'Acme',
  entityType: 'Business',
};
