import { describe, expect, it } from 'vitest';
import {
  checkStageMove,
  contingentTreatment,
  NOTICE_FORMS,
  NOTICE_STAGES,
  noticeFormInfo,
  noticeSections,
  noticeStatusOf,
  REPLY_WINDOWS,
  STAGE_MOVES,
} from './index';

describe('the notice register model', () => {
  it('knows each form once, with its type, and every form with a statutory reply window', () => {
    const forms = NOTICE_FORMS.map((f) => f.form);
    expect(new Set(forms).size).toBe(forms.length);
    for (const form of Object.keys(REPLY_WINDOWS)) expect(forms).toContain(form);
    expect(noticeFormInfo('DRC-01')).toMatchObject({ type: 'Notice', replyForm: 'DRC-06' });
    expect(noticeFormInfo('DRC-01B')?.type).toBe('Intimation');
    expect(noticeFormInfo('APL-01')?.type).toBe('Appeal');
    expect(noticeFormInfo('RFD-08')?.type).toBe('Refund');
    expect(noticeFormInfo('DRC-08')?.type).toBe('RectificationOfOrder');
    expect(noticeFormInfo('XYZ-99')).toBeUndefined();
  });

  it('allows the moves of the status model and refuses the others with the moves it allows', () => {
    expect(checkStageMove('Received', 'Replied')).toEqual({ ok: true });
    expect(checkStageMove('Order', 'AppealFiled')).toEqual({ ok: true });
    expect(checkStageMove('AppealFiled', 'Order')).toEqual({ ok: true });
    const refused = checkStageMove('Order', 'ReplyDrafted');
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('can move to Appeal filed, Closed') });
    expect(checkStageMove('Closed', 'Received')).toEqual({ ok: false, message: 'The notice is closed: open it again first.' });
    expect(checkStageMove('Hearing', 'Hearing').ok).toBe(false);
    // Every open stage can be closed; no stage moves back to Received.
    for (const stage of NOTICE_STAGES.filter((s) => s !== 'Closed')) {
      expect(STAGE_MOVES[stage]).toContain('Closed');
      expect(STAGE_MOVES[stage]).not.toContain('Received');
    }
  });

  it('reads the status codes off the stage, the due date and a reopening', () => {
    const today = '2026-11-27';
    expect(noticeStatusOf({ stage: 'Received', dueOn: '2026-11-27', isReopened: false }, today)).toBe('ACT');
    // The day after the due date, with no reply: the deadline has lapsed.
    expect(noticeStatusOf({ stage: 'UnderReview', dueOn: '2026-11-26', isReopened: false }, today)).toBe('DDL');
    expect(noticeStatusOf({ stage: 'ReplyDrafted', dueOn: null, isReopened: false }, today)).toBe('ACT');
    expect(noticeStatusOf({ stage: 'Replied', dueOn: '2026-01-01', isReopened: false }, today)).toBe('REP');
    expect(noticeStatusOf({ stage: 'AppealFiled', dueOn: '2026-01-01', isReopened: false }, today)).toBe('REP');
    expect(noticeStatusOf({ stage: 'UnderReview', dueOn: '2026-12-10', isReopened: true }, today)).toBe('ROPEN');
    expect(noticeStatusOf({ stage: 'UnderReview', dueOn: '2026-11-01', isReopened: true }, today)).toBe('DDL');
    expect(noticeStatusOf({ stage: 'Closed', dueOn: '2026-01-01', isReopened: true }, today)).toBe('CLS');
  });

  it('treats a contingent liability as Ind AS 37 does', () => {
    expect(contingentTreatment('Probable')).toBe('Provision');
    expect(contingentTreatment('Possible')).toBe('Disclosure');
    expect(contingentTreatment('Remote')).toBe('None');
  });

  it('reads the sections a notice cites off its section text', () => {
    expect(noticeSections('')).toEqual([]);
    expect(noticeSections('  ')).toEqual([]);
    expect(noticeSections('73')).toEqual(['73']);
    expect(noticeSections('73, 74')).toEqual(['73', '74']);
    expect(noticeSections('74/74A; 16(4) & 61,')).toEqual(['74', '74A', '16(4)', '61']);
    expect(noticeSections('73,73')).toEqual(['73']);
  });
});
