import { describe, expect, it } from 'vitest';
import { gstr3bPaymentOf } from './payment';
import { NO_TAX } from './set-off';

const heads = (igst: number, cgst: number, sgst: number, cess = 0) => ({ igst, cgst, sgst, cess });

describe('gstr3bPaymentOf', () => {
  it("pays table 6.1 from a return's figures: credit in the lawful order, the rest and the cash-only charges in cash", () => {
    const payment = gstr3bPaymentOf(
      {
        table31: { outwardTaxable: heads(1_000, 500, 500), zeroRated: NO_TAX, inwardReverseCharge: heads(0, 50, 50) },
        table311: { operatorPays: NO_TAX },
        // Net ITC of cess below zero is tax to pay.
        table4: { net: heads(300, 100, 100, -20) },
      },
      { interest: heads(0, 10, 0), lateFee: heads(0, 25, 25), credit: NO_TAX, cash: heads(0, 100, 100, 0) },
    );
    expect(payment.otherThanReverseCharge).toEqual(heads(1_000, 500, 500, 20));
    expect(payment.creditAvailable).toEqual(heads(300, 100, 100));
    expect(payment.cash.tax).toEqual(heads(700, 400, 400, 20));
    expect(payment.cash.total).toEqual(heads(700, 485, 475, 20));
    expect(payment.cashToDeposit).toEqual(heads(700, 385, 375, 20));
    expect(payment.setOff.creditLeft).toEqual(NO_TAX);
  });
});
