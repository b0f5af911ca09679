import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_TAX, setOffLiability, setOffProblem, TAX_HEADS, type Heads, type TaxHead, type Utilisation } from './set-off';

const heads = (igst: number, cgst: number, sgst: number, cess = 0): Heads => ({ igst, cgst, sgst, cess });
const total = (h: Heads) => TAX_HEADS.reduce((sum, head) => sum + h[head], 0);

/** Every lawful plan on small amounts (each use 0..max), the least cash among them. */
const leastCashByBruteForce = (liability: Heads, credit: Heads): number => {
  let best = Infinity;
  const upTo = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);
  const cess = Math.min(liability.cess, credit.cess);
  for (const ii of upTo(Math.min(credit.igst, liability.igst)))
    for (const ic of upTo(Math.min(credit.igst - ii, liability.cgst)))
      for (const is of upTo(Math.min(credit.igst - ii - ic, liability.sgst)))
        for (const cc of upTo(Math.min(credit.cgst, liability.cgst - ic)))
          for (const ci of upTo(Math.min(credit.cgst - cc, liability.igst - ii)))
            for (const ss of upTo(Math.min(credit.sgst, liability.sgst - is)))
              for (const si of upTo(Math.min(credit.sgst - ss, liability.igst - ii - ci))) {
                const plan: [TaxHead, TaxHead, number][] = [
                  ['igst', 'igst', ii],
                  ['igst', 'cgst', ic],
                  ['igst', 'sgst', is],
                  ['cgst', 'cgst', cc],
                  ['cgst', 'igst', ci],
                  ['sgst', 'sgst', ss],
                  ['sgst', 'igst', si],
                  ['cess', 'cess', cess],
                ];
                const utilisation: Utilisation[] = plan.filter(([, , n]) => n > 0).map(([from, to, amount]) => ({ from, to, amount }));
                if (setOffProblem(liability, credit, utilisation) !== null) continue;
                best = Math.min(best, total(liability) - utilisation.reduce((sum, u) => sum + u.amount, 0));
              }
  return best;
};

describe('setOffLiability (s.49, 49A, 49B, Rule 88A)', () => {
  it('pays IGST from IGST credit first, then CGST and SGST from what is left', () => {
    const r = setOffLiability(heads(100, 50, 50), heads(180, 0, 0));
    expect(r.utilisation).toEqual([
      { from: 'igst', to: 'igst', amount: 100 },
      { from: 'igst', to: 'cgst', amount: 50 },
      { from: 'igst', to: 'sgst', amount: 30 },
    ]);
    expect(r.cash).toEqual(heads(0, 0, 20));
    expect(r.creditLeft).toEqual(NO_TAX);
  });

  it("splits the IGST credit left where a head's own credit falls short (Rule 88A: any order), saving cash", () => {
    // CGST credit covers CGST; SGST has none: the IGST credit goes to SGST, not CGST first.
    const r = setOffLiability(heads(0, 100, 100), heads(100, 100, 0));
    expect(r.cash).toEqual(NO_TAX);
    expect(r.utilisation).toEqual([
      { from: 'igst', to: 'sgst', amount: 100 },
      { from: 'cgst', to: 'cgst', amount: 100 },
    ]);
  });

  it('never pays SGST with CGST credit or the reverse; CGST and SGST credit pay IGST after their own head', () => {
    const r = setOffLiability(heads(60, 10, 100), heads(0, 80, 0));
    expect(r.utilisation).toEqual([
      { from: 'cgst', to: 'cgst', amount: 10 },
      { from: 'cgst', to: 'igst', amount: 60 },
    ]);
    expect(r.cash).toEqual(heads(0, 0, 100));
    expect(r.creditLeft).toEqual(heads(0, 10, 0));
  });

  it('keeps IGST credit for IGST even when that strands CGST liability (the law, not the least cash overall)', () => {
    // Paying CGST with IGST credit and IGST with SGST credit would need no cash, but IGST credit must pay IGST first.
    const r = setOffLiability(heads(100, 100, 0), heads(100, 0, 100));
    expect(r.cash).toEqual(heads(0, 100, 0));
    expect(r.creditLeft).toEqual(heads(0, 0, 100));
  });

  it('pays cess only from cess credit, and adds the cash-only heads (reverse charge, interest, late fee) to the cash', () => {
    const r = setOffLiability(heads(0, 0, 0, 500), heads(1000, 0, 0, 200), heads(300, 0, 0, 0));
    expect(r.utilisation).toEqual([{ from: 'cess', to: 'cess', amount: 200 }]);
    expect(r.cash).toEqual(heads(300, 0, 0, 300));
    expect(r.creditLeft).toEqual(heads(1000, 0, 0, 0));
  });

  it('refuses amounts that are not whole, non-negative paise', () => {
    expect(() => setOffLiability(heads(1.5, 0, 0), NO_TAX)).toThrow(RangeError);
    expect(() => setOffLiability(NO_TAX, heads(0, -1, 0))).toThrow(RangeError);
  });

  it('says why a plan is unlawful', () => {
    const liability = heads(100, 100, 100);
    expect(setOffProblem(liability, heads(0, 100, 0), [{ from: 'cgst', to: 'sgst', amount: 10 }])).toMatch(/CGST credit cannot pay SGST/);
    expect(setOffProblem(liability, heads(200, 0, 0), [{ from: 'igst', to: 'cgst', amount: 100 }])).toMatch(/IGST due before/);
    expect(setOffProblem(liability, heads(50, 100, 0), [{ from: 'cgst', to: 'cgst', amount: 100 }])).toMatch(/section 49A/);
    expect(
      setOffProblem(liability, heads(0, 150, 0), [
        { from: 'cgst', to: 'cgst', amount: 50 },
        { from: 'cgst', to: 'igst', amount: 100 },
      ]),
    ).toMatch(/CGST before IGST/);
    expect(setOffProblem(liability, heads(0, 50, 0), [{ from: 'cgst', to: 'cgst', amount: 60 }])).toMatch(/ledger holds/);
  });

  const small = fc.record({ igst: fc.nat(3), cgst: fc.nat(3), sgst: fc.nat(3), cess: fc.nat(3) });
  it('is always lawful, pays no more than is due and uses no more credit than there is (property)', () => {
    const any = fc.record({ igst: fc.nat(10 ** 9), cgst: fc.nat(10 ** 9), sgst: fc.nat(10 ** 9), cess: fc.nat(10 ** 9) });
    fc.assert(
      fc.property(any, any, (liability, credit) => {
        const r = setOffLiability(liability, credit);
        expect(setOffProblem(liability, credit, r.utilisation)).toBeNull();
        for (const head of TAX_HEADS) {
          const paid = r.utilisation.filter((u) => u.to === head).reduce((s, u) => s + u.amount, 0);
          const used = r.utilisation.filter((u) => u.from === head).reduce((s, u) => s + u.amount, 0);
          expect(paid + r.cash[head]).toBe(liability[head]);
          expect(used + r.creditLeft[head]).toBe(credit[head]);
        }
      }),
    );
  });

  it('never needs more cash than any lawful plan (property, against every plan on small amounts)', () => {
    fc.assert(
      fc.property(small, small, (liability, credit) => {
        expect(total(setOffLiability(liability, credit).cash)).toBe(leastCashByBruteForce(liability, credit));
      }),
      { numRuns: 150 },
    );
  });
});
