import { formatInr, formatRupees, parseAmount } from '@opengst/domain';
import type { VendorInvoice } from '@opengst/contracts';

// The amounts a payment puts on each invoice, as the user types them in rupees: proposed from the reconciliation
// (pay the payable now, hold the GST it calls to hold), changed where the user decides otherwise (a part payment, or
// paying the GST anyway). Each line is checked as the server will: whole paise, not negative, and paid and held
// together within what is outstanding.

export type LineText = { paid: string; held: string };
export type LineAmounts = { documentId: number; paid: number; held: number };
export type CheckedLine = { amounts: LineAmounts | null; error: string | null };

export const proposedText = (invoice: VendorInvoice): LineText => ({
  paid: formatRupees(invoice.payableNow),
  held: formatRupees(invoice.holdNow),
});

export const checkLine = (invoice: VendorInvoice, text: LineText): CheckedLine => {
  const paid = parseAmount(text.paid);
  const held = parseAmount(text.held);
  if (!paid.ok) return { amounts: null, error: paid.message };
  if (!held.ok) return { amounts: null, error: held.message };
  if (paid.paise < 0 || held.paise < 0) return { amounts: null, error: 'Amounts cannot be negative.' };
  if (paid.paise + held.paise > invoice.outstanding)
    return { amounts: null, error: `Paid and held exceed the ₹ ${formatInr(invoice.outstanding)} outstanding.` };
  return { amounts: { documentId: invoice.documentId, paid: paid.paise, held: held.paise }, error: null };
};
