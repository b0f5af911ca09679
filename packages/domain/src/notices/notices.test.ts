import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, appealDeadline, appealPreDeposit, replyDueDate } from './index';

// Reply windows (Rules 88C(2), 88D(2), 99(2), 9(2), 22(2)), appeal periods (CGST s.107(1), 107(4), 112(1)) and
// pre-deposits (s.107(6), 112(8); IGST s.20) at their boundaries.

const crore = (n: number) => n * 100 * 10_000_000;
const heads = (patch: Partial<Record<'igst' | 'cgst' | 'sgst' | 'cess', number>>) => ({ igst: 0, cgst: 0, sgst: 0, cess: 0, ...patch });

describe('replyDueDate', () => {
  it('takes the date the notice states first', () => {
    expect(replyDueDate({ form: 'DRC-01', issuedOn: '2025-05-01', statedDueOn: '2025-05-31' })).toEqual({
      dueOn: '2025-05-31',
      source: 'notice',
    });
  });

  it('counts calendar days for DRC-01B, DRC-01C and ASMT-10', () => {
    expect(replyDueDate({ form: 'DRC-01B', issuedOn: '2025-05-05' })).toMatchObject({
      dueOn: '2025-05-12',
      rule: 'Rule 88C(2)',
      isEstimate: false,
    });
    expect(replyDueDate({ form: 'DRC-01C', issuedOn: '2025-12-28' })).toMatchObject({ dueOn: '2026-01-04', rule: 'Rule 88D(2)' });
    expect(replyDueDate({ form: 'ASMT-10', issuedOn: '2025-01-31' })).toMatchObject({ dueOn: '2025-03-02', replyForm: 'ASMT-11' });
  });

  it('counts working days for REG-03 and REG-17, skipping Sundays, as an estimate', () => {
    // Friday 2 May 2025: Saturday 3 is the first working day, Sunday 4 is skipped, the seventh is Saturday 10 May.
    expect(replyDueDate({ form: 'REG-03', issuedOn: '2025-05-02' })).toMatchObject({
      dueOn: '2025-05-10',
      replyForm: 'REG-04',
      isEstimate: true,
    });
    expect(replyDueDate({ form: 'REG-17', issuedOn: '2025-05-03' })).toMatchObject({ dueOn: '2025-05-12', replyForm: 'REG-18' });
  });

  it('knows no date for a notice whose form leaves it to the notice', () => {
    expect(replyDueDate({ form: 'DRC-01', issuedOn: '2025-05-01' })).toEqual({ dueOn: null, source: 'none' });
  });
});

describe('appealDeadline', () => {
  it('is three months from the communication, one more month if condoned (s.107(1), (4)); three months to the Tribunal', () => {
    expect(appealDeadline('2025-01-15')).toEqual({
      dueOn: '2025-04-15',
      condonableUntil: '2025-05-15',
      section: 'CGST Act s.107(1), 107(4)',
    });
    expect(appealDeadline('2024-11-30')).toMatchObject({ dueOn: '2025-02-28', condonableUntil: '2025-03-30' });
    expect(appealDeadline('2023-11-30')).toMatchObject({ dueOn: '2024-02-29' });
    expect(appealDeadline('2025-01-15', 'tribunal')).toEqual({ dueOn: '2025-04-15', condonableUntil: null, section: 'CGST Act s.112(1)' });
  });

  it('adds months without ever passing the target month', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2017-07-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 24 }),
        (d, m) => {
          const iso = d.toISOString().slice(0, 10);
          const out = addMonths(iso, m);
          const months = (Number(out.slice(0, 4)) - Number(iso.slice(0, 4))) * 12 + Number(out.slice(5, 7)) - Number(iso.slice(5, 7));
          return months === m && out.slice(8) <= iso.slice(8);
        },
      ),
    );
  });
});

describe('appealPreDeposit', () => {
  it('takes the admitted amount and 10% of the disputed tax, rounded up to the rupee, before the Appellate Authority', () => {
    const p = appealPreDeposit({
      forum: 'appellateAuthority',
      filedOn: '2025-02-01',
      admitted: 50_000_00,
      disputedTax: heads({ cgst: 1_00_000_05, sgst: 1_00_000_05 }),
    });
    expect(p.disputedShare).toEqual(heads({ cgst: 10_001_00, sgst: 10_001_00 }));
    expect(p.total).toBe(50_000_00 + 20_002_00);
    expect(p.capped).toEqual([]);
  });

  it('caps each head at ₹25 crore (₹50 crore IGST) until 31 October 2024 and ₹20 crore (₹40 crore) from 1 November 2024', () => {
    const disputedTax = heads({ igst: crore(600), cgst: crore(300), sgst: crore(300) });
    const before = appealPreDeposit({ forum: 'appellateAuthority', filedOn: '2024-10-31', admitted: 0, disputedTax });
    expect(before.disputedShare).toEqual(heads({ igst: crore(50), cgst: crore(25), sgst: crore(25) }));
    const after = appealPreDeposit({ forum: 'appellateAuthority', filedOn: '2024-11-01', admitted: 0, disputedTax });
    expect(after.disputedShare).toEqual(heads({ igst: crore(40), cgst: crore(20), sgst: crore(20) }));
    expect(after.capped).toEqual(['igst', 'cgst', 'sgst']);
    // Exactly at the cap is not cut.
    expect(
      appealPreDeposit({ forum: 'appellateAuthority', filedOn: '2025-01-01', admitted: 0, disputedTax: heads({ cgst: crore(200) }) })
        .capped,
    ).toEqual([]);
  });

  it('takes 20% (₹50 crore cap) before the Tribunal until 31 October 2024, then 10% (₹20 crore)', () => {
    const disputedTax = heads({ cgst: crore(10) });
    expect(appealPreDeposit({ forum: 'tribunal', filedOn: '2024-10-31', admitted: 0, disputedTax }).disputedShare.cgst).toBe(crore(2));
    expect(appealPreDeposit({ forum: 'tribunal', filedOn: '2024-11-01', admitted: 0, disputedTax }).disputedShare.cgst).toBe(crore(1));
    expect(
      appealPreDeposit({ forum: 'tribunal', filedOn: '2024-10-31', admitted: 0, disputedTax: heads({ igst: crore(1000) }) }).disputedShare
        .igst,
    ).toBe(crore(100));
  });
});
