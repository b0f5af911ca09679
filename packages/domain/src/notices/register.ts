// The notice register's model (issue 23; GST-RULES-DETAIL §5): which forms a notice comes on, what kind of notice
// each is (spec core §4 notice types), the stages a notice goes through (the digest's suggested model: received, under
// review, reply drafted, replied or paid, hearing, order, appeal filed, closed) and which moves between them are
// allowed, and the spec's status codes (ACT, REP, CLS, DDL, ROPEN) read off a notice's stage, due date and history.
//
// Status codes, as this product reads them (the spec names them only): ACT active, awaiting the taxpayer; REP replied
// (or paid), awaiting the officer; CLS closed; DDL the reply's due date passed with no reply (a deadline lapsed: the
// officer may proceed ex parte); ROPEN a closed notice opened again (a rectification, a remand), until it is replied.

export type NoticeType = 'Intimation' | 'Notice' | 'Appeal' | 'Refund' | 'RectificationOfOrder';

export type NoticeFormInfo = {
  form: string;
  type: NoticeType;
  title: string;
  /** The rule or section it is issued under. */
  basis: string;
  /** The taxpayer's reply on the portal, if any. */
  replyForm?: string;
};

/** The forms a GST notice, intimation or order comes on (GST-RULES-DETAIL §5 table). */
export const NOTICE_FORMS: readonly NoticeFormInfo[] = [
  { form: 'ASMT-10', type: 'Notice', title: 'Scrutiny of returns: discrepancies', basis: 'Rule 99, s.61', replyForm: 'ASMT-11' },
  {
    form: 'DRC-01A',
    type: 'Intimation',
    title: 'Intimation of tax ascertained (pre-SCN)',
    basis: 'Rule 142(1A)',
    replyForm: 'DRC-01A Part B',
  },
  { form: 'DRC-01', type: 'Notice', title: 'Show cause notice', basis: 'Rule 142(1), s.73 / 74 / 74A', replyForm: 'DRC-06' },
  { form: 'DRC-01B', type: 'Intimation', title: 'Liability mismatch GSTR-1 vs GSTR-3B', basis: 'Rule 88C', replyForm: 'DRC-01B Part B' },
  { form: 'DRC-01C', type: 'Intimation', title: 'ITC mismatch GSTR-2B vs GSTR-3B', basis: 'Rule 88D', replyForm: 'DRC-01C Part B' },
  { form: 'DRC-07', type: 'Notice', title: 'Summary of the order (demand)', basis: 'Rule 142(5)' },
  { form: 'DRC-08', type: 'RectificationOfOrder', title: 'Rectification of an order', basis: 'Rule 142(7), s.161' },
  { form: 'ASMT-12', type: 'Notice', title: 'Order accepting the reply to scrutiny', basis: 'Rule 99(3)' },
  { form: 'REG-03', type: 'Notice', title: 'Clarification on a registration application', basis: 'Rule 9(2)', replyForm: 'REG-04' },
  {
    form: 'REG-17',
    type: 'Notice',
    title: 'Show cause notice for cancellation of registration',
    basis: 'Rule 22(1), s.29',
    replyForm: 'REG-18',
  },
  { form: 'REG-31', type: 'Intimation', title: 'Intimation of suspension of registration', basis: 'Rule 21A(2A)' },
  { form: 'ADT-01', type: 'Notice', title: 'Notice for departmental audit', basis: 'Rule 101, s.65' },
  { form: 'ADT-02', type: 'Notice', title: 'Audit report (findings)', basis: 'Rule 101(5), s.65(6)' },
  { form: 'APL-01', type: 'Appeal', title: 'Appeal to the Appellate Authority', basis: 's.107, Rule 108' },
  { form: 'APL-04', type: 'Appeal', title: 'Order of the Appellate Authority', basis: 's.107(11), Rule 113' },
  { form: 'APL-05', type: 'Appeal', title: 'Appeal to the Appellate Tribunal', basis: 's.112, Rule 110' },
  { form: 'RFD-08', type: 'Refund', title: 'Show cause notice against a refund claim', basis: 'Rule 92(3)', replyForm: 'RFD-09' },
  { form: 'RFD-06', type: 'Refund', title: 'Refund sanction or rejection order', basis: 'Rule 92' },
  { form: 'OTHER', type: 'Notice', title: 'Other notice or letter', basis: '' },
];

export const noticeFormInfo = (form: string): NoticeFormInfo | undefined => NOTICE_FORMS.find((f) => f.form === form);

export const NOTICE_STAGES = ['Received', 'UnderReview', 'ReplyDrafted', 'Replied', 'Hearing', 'Order', 'AppealFiled', 'Closed'] as const;
export type NoticeStage = (typeof NOTICE_STAGES)[number];

export const NOTICE_STATUSES = ['ACT', 'REP', 'CLS', 'DDL', 'ROPEN'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/**
 * The moves a notice may make. A reply may be revised after a hearing (further submissions), an appellate order is an
 * order again, and any open notice may be closed (dropped by the officer, paid in full under DRC-03). A closed notice
 * moves only by being opened again (reopenNotice).
 */
export const STAGE_MOVES: Readonly<Record<NoticeStage, readonly NoticeStage[]>> = {
  Received: ['UnderReview', 'ReplyDrafted', 'Replied', 'Hearing', 'Order', 'Closed'],
  UnderReview: ['ReplyDrafted', 'Replied', 'Hearing', 'Order', 'Closed'],
  ReplyDrafted: ['UnderReview', 'Replied', 'Closed'],
  Replied: ['Hearing', 'ReplyDrafted', 'Order', 'Closed'],
  Hearing: ['ReplyDrafted', 'Replied', 'Order', 'Closed'],
  Order: ['AppealFiled', 'Closed'],
  AppealFiled: ['Hearing', 'Order', 'Closed'],
  Closed: [],
};

/** Whether a notice at `from` may move to `to`, and why not. */
export const checkStageMove = (from: NoticeStage, to: NoticeStage): { ok: true } | { ok: false; message: string } => {
  if (from === to) return { ok: false, message: `The notice is already at ${STAGE_NAMES[to]}.` };
  if (from === 'Closed') return { ok: false, message: 'The notice is closed: open it again first.' };
  if (!STAGE_MOVES[from].includes(to)) {
    return {
      ok: false,
      message: `A notice at ${STAGE_NAMES[from]} cannot move to ${STAGE_NAMES[to]}: it can move to ${STAGE_MOVES[from].map((s) => STAGE_NAMES[s]).join(', ')}.`,
    };
  }
  return { ok: true };
};

export const STAGE_NAMES: Readonly<Record<NoticeStage, string>> = {
  Received: 'Received',
  UnderReview: 'Under review',
  ReplyDrafted: 'Reply drafted',
  Replied: 'Replied or paid',
  Hearing: 'Hearing',
  Order: 'Order',
  AppealFiled: 'Appeal filed',
  Closed: 'Closed',
};

/** The stages where the taxpayer owes the next step (a reply): their due date can lapse. */
const AWAITING_TAXPAYER: ReadonlySet<NoticeStage> = new Set(['Received', 'UnderReview', 'ReplyDrafted']);

/**
 * The spec's status of a notice on `today` (YYYY-MM-DD): CLS when closed; DDL when it awaits the taxpayer past its due
 * date; ROPEN when opened again and not yet replied; REP when the taxpayer has answered (replied, hearing, order,
 * appeal: the next step is the officer's or the forum's); ACT otherwise.
 */
export const noticeStatusOf = (notice: { stage: NoticeStage; dueOn: string | null; isReopened: boolean }, today: string): NoticeStatus => {
  if (notice.stage === 'Closed') return 'CLS';
  const awaiting = AWAITING_TAXPAYER.has(notice.stage);
  if (awaiting && notice.dueOn !== null && notice.dueOn < today) return 'DDL';
  if (awaiting) return notice.isReopened ? 'ROPEN' : 'ACT';
  return 'REP';
};

export const CONTINGENT_CLASSES = ['Probable', 'Possible', 'Remote'] as const;
export type ContingentClass = (typeof CONTINGENT_CLASSES)[number];

/**
 * Ind AS 37 (paras 14, 27–28, 86): a probable outflow that can be estimated reliably is provided for; a possible one
 * (or one that cannot be measured reliably) is disclosed as a contingent liability; a remote one is neither.
 */
export const contingentTreatment = (classification: ContingentClass): 'Provision' | 'Disclosure' | 'None' =>
  classification === 'Probable' ? 'Provision' : classification === 'Possible' ? 'Disclosure' : 'None';

/**
 * The separators between the sections a notice cites ('73, 74', '74/74A', '61; 65', '16(4) & 73'). The register's SQL
 * filter splits the stored text on the same pattern (NOTICE_SECTION_SPLIT), so the dashboard's tally by section and the
 * register filtered by that section always count the same notices.
 */
export const NOTICE_SECTION_SPLIT = '\\s*[,;/&]\\s*';

/** The sections a notice's section text cites, each trimmed, in order, without repeats; none for a blank text. */
export const noticeSections = (section: string): string[] => [
  ...new Set(
    section
      .trim()
      .split(new RegExp(NOTICE_SECTION_SPLIT))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
];
