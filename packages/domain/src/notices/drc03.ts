// DRC-03 payments against a notice's demand (issue 23; GST-RULES-DETAIL §5: DRC-03, Rule 142(2)/(3); DRC-03A,
// Rule 142(2B), Notif 12/2024, links a "Voluntary/Others" DRC-03 to the demand). A payment is kept as one event of
// the notice's timeline (action 'Payment': event date the date paid, reference the DRC-03 ARN, amount the total).
//
// The timeline's events have no structured column for the split by head (no jsonb; the schema is not changed for it),
// so the split is kept in the event's note as one first line of its own, `DRC03 igst=…;cgst=…;sgst=…;cess=…;interest=…;
// penalty=…` (each integer paise), followed by the user's note on the next lines. encodePaymentNote / decodePaymentNote
// are the only writer and reader of that line; a note without it has no split (decode answers null).

/** The timeline action of a DRC-03 payment (it does not move the notice along its stages). */
export const DRC03_PAYMENT = 'Payment';

/** The heads a DRC-03 pays, as the notice's demand has them (integer paise). */
export const PAYMENT_HEADS = ['taxIgst', 'taxCgst', 'taxSgst', 'taxCess', 'interest', 'penalty'] as const;
export type PaymentHead = (typeof PAYMENT_HEADS)[number];
export type PaymentSplit = Record<PaymentHead, number>;

const KEYS: Readonly<Record<PaymentHead, string>> = {
  taxIgst: 'igst',
  taxCgst: 'cgst',
  taxSgst: 'sgst',
  taxCess: 'cess',
  interest: 'interest',
  penalty: 'penalty',
};
const PREFIX = 'DRC03 ';

export const ZERO_SPLIT: PaymentSplit = { taxIgst: 0, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 };

export const splitTotal = (split: PaymentSplit): number => PAYMENT_HEADS.reduce((sum, head) => sum + split[head], 0);
export const splitTax = (split: PaymentSplit): number => split.taxIgst + split.taxCgst + split.taxSgst + split.taxCess;

/** The event's note: the split line, then the user's note (if any). */
export const encodePaymentNote = (split: PaymentSplit, note: string): string => {
  const line = PREFIX + PAYMENT_HEADS.map((head) => `${KEYS[head]}=${split[head]}`).join(';');
  return note.trim() === '' ? line : `${line}\n${note.trim()}`;
};

/** The split and the user's note of a payment event's note; null when the note carries no split line. */
export const decodePaymentNote = (stored: string): { split: PaymentSplit; note: string } | null => {
  const [first = '', ...rest] = stored.split('\n');
  if (!first.startsWith(PREFIX)) return null;
  const pairs = new Map(
    first
      .slice(PREFIX.length)
      .split(';')
      .map((pair) => pair.split('=') as [string, string | undefined]),
  );
  const split = { ...ZERO_SPLIT };
  for (const head of PAYMENT_HEADS) {
    const text = pairs.get(KEYS[head]);
    if (text === undefined || !/^\d+$/.test(text)) return null;
    const value = Number(text);
    if (!Number.isSafeInteger(value)) return null;
    split[head] = value;
  }
  return { split, note: rest.join('\n') };
};

/** The payments added up by head. */
export const sumSplits = (splits: readonly PaymentSplit[]): PaymentSplit =>
  splits.reduce<PaymentSplit>(
    (sum, split) => Object.fromEntries(PAYMENT_HEADS.map((head) => [head, sum[head] + split[head]])) as PaymentSplit,
    { ...ZERO_SPLIT },
  );

/** What is left of the demand by head after the payments (never below nil: an overpayment leaves nothing, not a credit). */
export const remainingByHead = (demand: PaymentSplit, paid: PaymentSplit): PaymentSplit =>
  Object.fromEntries(PAYMENT_HEADS.map((head) => [head, Math.max(0, demand[head] - paid[head])])) as PaymentSplit;

/**
 * A DRC-03 ARN as this product accepts it: 15 letters and digits, as every GST portal ARN is (a DRC-03's begins 'AD',
 * then the state code, the month and year, and a serial; only the length and characters are enforced here, since the
 * portal's layout of the serial is not published as a rule).
 */
export const DRC03_ARN_PATTERN = /^[A-Z0-9]{15}$/;
