import { describe, expect, it } from 'vitest';
import { firstReturnPeriod, isBeforeRegistration, isReturnOverdue, returnDeadlineOf } from './return-deadline';

describe('firstReturnPeriod (s.37(1), Rule 10(2): from the effective date of registration)', () => {
  it("is the month of the registration's effective date", () => {
    expect(firstReturnPeriod('2026-11-26')).toBe('112026');
    expect(firstReturnPeriod('2024-07-01')).toBe('072024');
    expect(firstReturnPeriod('2025-03-31')).toBe('032025');
  });
  it('is never before July 2017, when GST began (migrated registrations)', () => {
    expect(firstReturnPeriod('2017-06-25')).toBe('072017');
    expect(firstReturnPeriod('2017-07-01')).toBe('072017');
  });
});

describe('isBeforeRegistration', () => {
  it('is true only for periods before the first one, across calendar years', () => {
    expect(isBeforeRegistration('102026', '2026-11-26')).toBe(true);
    expect(isBeforeRegistration('122025', '2026-01-05')).toBe(true);
    expect(isBeforeRegistration('112026', '2026-11-26')).toBe(false);
    expect(isBeforeRegistration('012027', '2026-11-26')).toBe(false);
  });
  it('is never true when no registration date is known', () => {
    expect(isBeforeRegistration('072017', null)).toBe(false);
  });
});

describe('returnDeadlineOf', () => {
  const registered = { registrationDate: '2026-11-26', createdOn: '2026-11-26' };
  const unknown = { registrationDate: null, createdOn: new Date('2026-11-26T09:00:00Z') };
  it('has no return before the registration, GSTR-1 or GSTR-1A', () => {
    expect(returnDeadlineOf('GSTR1', '102026', registered)).toBe('BeforeRegistration');
    expect(returnDeadlineOf('GSTR1A', '102026', registered)).toBe('BeforeRegistration');
  });
  it('makes a GSTR-1 due from the registration period on, even before the location was added', () => {
    expect(returnDeadlineOf('GSTR1', '112026', registered)).toBe('Due');
    expect(returnDeadlineOf('GSTR1', '072024', { registrationDate: '2024-07-10', createdOn: '2026-11-26' })).toBe('Due');
  });
  it('never makes a GSTR-1A due: it is optional (Rule 59(4A))', () => {
    expect(returnDeadlineOf('GSTR1A', '112026', registered)).toBe('Optional');
    expect(returnDeadlineOf('GSTR1A', '082024', unknown)).toBe('Optional');
  });
  it('with no registration date, tracks a GSTR-1 only from the period the location was added in', () => {
    expect(returnDeadlineOf('GSTR1', '102026', unknown)).toBe('NotTracked');
    expect(returnDeadlineOf('GSTR1', '082024', unknown)).toBe('NotTracked');
    expect(returnDeadlineOf('GSTR1', '112026', unknown)).toBe('Due');
  });
});

describe('isReturnOverdue', () => {
  it('is overdue only when due, past the due date and not filed', () => {
    expect(isReturnOverdue('Due', '2026-11-11', false, '2026-11-11')).toBe(false);
    expect(isReturnOverdue('Due', '2026-11-11', false, '2026-11-12')).toBe(true);
    expect(isReturnOverdue('Due', '2026-11-11', true, '2026-11-12')).toBe(false);
  });
  it('is never overdue for an optional, untracked or nonexistent return, or without a due date', () => {
    expect(isReturnOverdue('Optional', '2026-11-20', false, '2026-11-26')).toBe(false);
    expect(isReturnOverdue('NotTracked', '2026-11-11', false, '2026-11-26')).toBe(false);
    expect(isReturnOverdue('BeforeRegistration', '2026-11-11', false, '2026-11-26')).toBe(false);
    expect(isReturnOverdue('Due', '', false, '2026-11-26')).toBe(false);
  });
});
