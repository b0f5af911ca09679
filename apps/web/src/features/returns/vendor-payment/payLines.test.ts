import { describe, expect, it } from 'vitest';
import { checkLine, proposedText } from './payLines';
import { prOnly } from './vendorPaymentFixtures';

describe('pay lines', () => {
  it('proposes the payable now and the hold, in rupees', () => {
    expect(proposedText(prOnly())).toEqual({ paid: '50000.00', held: '9000.00' });
    expect(checkLine(prOnly(), proposedText(prOnly()))).toEqual({
      amounts: { documentId: 12, paid: 50_000_00, held: 9_000_00 },
      error: null,
    });
  });

  it('takes a part payment and paying the GST anyway, but never more than is outstanding', () => {
    expect(checkLine(prOnly(), { paid: '20,000.50', held: '9000' }).amounts).toEqual({ documentId: 12, paid: 20_000_50, held: 9_000_00 });
    expect(checkLine(prOnly(), { paid: '59000', held: '0' }).amounts).toEqual({ documentId: 12, paid: 59_000_00, held: 0 });
    expect(checkLine(prOnly(), { paid: '59000', held: '0.01' }).error).toBe('Paid and held exceed the ₹ 59,000.00 outstanding.');
    expect(checkLine(prOnly(), { paid: '-1', held: '0' }).error).toBe('Amounts cannot be negative.');
    expect(checkLine(prOnly(), { paid: '12.345', held: '0' }).amounts).toBeNull();
  });
});
