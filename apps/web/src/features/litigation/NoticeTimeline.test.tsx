import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { NoticeEvent } from '@opengst/contracts';
import { renderAt } from '../../test/screenTestSupport';
import { NoticeTimeline } from './NoticeTimeline';
import { detail } from './noticeTestFixtures';

// The notice's timeline shows the Ind AS 37 assessments saved with the notice as entries of their own kind (class,
// amount in en-IN rupees, the as-of date DD-MM-YYYY; a withdrawn one said so), apart from the stage moves.

const assessed = (id: number, extra: Partial<NoticeEvent>): NoticeEvent => ({
  id,
  action: 'ContingentAssessed',
  fromStage: null,
  toStage: null,
  eventDate: '2026-03-31',
  reference: '',
  amount: 12_000_000,
  note: 'Possible',
  userName: 'Admin',
  at: '2026-11-20T10:00:01.000Z',
  ...extra,
});

describe('NoticeTimeline', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each contingent assessment as its own entry, apart from the stage moves', async () => {
    const notice = detail(6, {
      events: [
        ...detail(6).events,
        assessed(2, {}),
        {
          id: 3,
          action: 'StageChanged',
          fromStage: 'Received',
          toStage: 'Replied',
          eventDate: '2026-11-10',
          reference: 'AD271126000123',
          amount: null,
          note: '',
          userName: 'Admin',
          at: '2026-11-21T10:00:00.000Z',
        },
        assessed(4, { note: 'Probable', amount: 4_550_050, eventDate: '2026-09-30', at: '2026-11-22T10:00:00.000Z' }),
        assessed(5, { note: 'Remote', amount: null, eventDate: '2026-10-31', at: '2026-11-23T10:00:00.000Z' }),
        assessed(6, { note: '', amount: null, eventDate: '2026-11-27', at: '2026-11-27T10:00:00.000Z' }),
      ],
    });
    renderAt(<NoticeTimeline notice={notice} onChanged={() => {}} />, '/edit-litigation?id=6', ['LitigationManagement', 'LitigationEdit']);
    const entry = await screen.findByTestId('notice-event-2', {}, { timeout: 5000 });
    expect(entry.getAttribute('data-kind')).toBe('contingent');
    expect(entry.textContent).toContain('Contingent liability assessed: Possible, ₹1,20,000.00 as at 31-03-2026');
    expect(screen.getByTestId('notice-event-4').textContent).toContain(
      'Contingent liability assessed: Probable, ₹45,500.50 as at 30-09-2026',
    );
    expect(screen.getByTestId('notice-event-5').textContent).toContain('Contingent liability assessed: Remote as at 31-10-2026');
    expect(screen.getByTestId('notice-event-6').textContent).toContain('Contingent liability assessment withdrawn as at 27-11-2026');
    // The stage moves keep their own form: from → to, with the reference; none of them reads as an assessment.
    const move = screen.getByTestId('notice-event-3');
    expect(move.getAttribute('data-kind')).toBe('step');
    expect(move.textContent).toContain('Received → Replied');
    expect(move.textContent).not.toContain('Contingent');
    expect(screen.getByTestId('notice-event-1').getAttribute('data-kind')).toBe('step');
    expect(screen.getAllByText(/^Contingent liability assess/)).toHaveLength(4);
  });
});
