// The pre-deposit an appeal needs (GST-RULES-DETAIL §5), in paise:
// - before the Appellate Authority (CGST s.107(6)): the whole amount admitted (tax, interest, fine, fee and penalty)
//   and a share of the tax still in dispute: 10%, at most ₹25 crore of central tax (and as much of State tax) until
//   31 October 2024, at most ₹20 crore from 1 November 2024 (Finance (No. 2) Act 2024, in force by Notification
//   17/2024-CT); integrated tax at most ₹50 crore, then ₹40 crore (IGST Act s.20 proviso).
// - before the Tribunal (s.112(8)): in addition to the first pre-deposit, the whole amount admitted and 20% of the tax
//   still in dispute, at most ₹50 crore of central tax (₹100 crore integrated) until 31 October 2024; 10%, at most
//   ₹20 crore (₹40 crore integrated) from 1 November 2024.
// Cess follows the central tax rules (Compensation Cess Act s.11). The date is the day the appeal is filed.

import type { TaxHeads } from '../tax/compute-tax';

const CRORE = 100 * 10_000_000;

type Terms = { percent: number; cap: TaxHeads };

const capOf = (centralCrore: number, integratedCrore: number): TaxHeads => ({
  igst: integratedCrore * CRORE,
  cgst: centralCrore * CRORE,
  sgst: centralCrore * CRORE,
  cess: centralCrore * CRORE,
});

const AMENDED_FROM = '2024-11-01';

const termsOf = (forum: 'appellateAuthority' | 'tribunal', filedOn: string): Terms => {
  const amended = filedOn >= AMENDED_FROM;
  if (forum === 'appellateAuthority') return amended ? { percent: 10, cap: capOf(20, 40) } : { percent: 10, cap: capOf(25, 50) };
  return amended ? { percent: 10, cap: capOf(20, 40) } : { percent: 20, cap: capOf(50, 100) };
};

const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

export type PreDeposit = {
  /** The amount admitted, in full. */
  admitted: number;
  /** By head: the share of the disputed tax after the cap. */
  disputedShare: TaxHeads;
  total: number;
  percent: number;
  /** The heads the cap cut. */
  capped: (keyof TaxHeads)[];
};

/** The pre-deposit of an appeal filed on `filedOn`: rounded up to the rupee per head, as a deposit cannot fall short. */
export const appealPreDeposit = (input: {
  forum: 'appellateAuthority' | 'tribunal';
  filedOn: string;
  admitted: number;
  disputedTax: TaxHeads;
}): PreDeposit => {
  const { percent, cap } = termsOf(input.forum, input.filedOn);
  const disputedShare = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  const capped: (keyof TaxHeads)[] = [];
  for (const head of HEADS) {
    const share = Math.ceil((input.disputedTax[head] * percent) / 100 / 100) * 100;
    if (share > cap[head]) capped.push(head);
    disputedShare[head] = Math.min(share, cap[head]);
  }
  const total = input.admitted + HEADS.reduce((sum, head) => sum + disputedShare[head], 0);
  return { admitted: input.admitted, disputedShare, total, percent, capped };
};
