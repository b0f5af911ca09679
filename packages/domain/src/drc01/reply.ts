// Part B of DRC-01B and DRC-01C: within 7 days of the intimation (Rules 88C(2), 88D(2)) the taxpayer pays the
// difference, with interest under s.50, through Form GST DRC-03 and gives its ARN, or explains the difference with a
// reason from the form's list, or both (a part paid, the rest explained: GSTN advisories 29-06-2023 and 14-11-2023).
import { addDays, isIsoDate } from '../dates/index';
import { formatInr } from '../money/index';
import { TAX_HEADS, type Heads } from '../gstr3b/set-off';
import { TAX_HEAD_LABELS, type MismatchResult } from './mismatch';

/** A payment made through DRC-03: its ARN, the day, the tax and the interest per head (paise). */
export type Drc03Payment = { arn: string; paidOn: string; tax: Heads; interest: Heads };
export type Drc01Reply<Reason extends string> = {
  payments: readonly Drc03Payment[];
  reason: { code: Reason; explanation: string } | null;
};

export type ReplyProblemCode = 'REPLY_EMPTY' | 'REPLY_ARN' | 'REPLY_DATE' | 'REPLY_AMOUNT' | 'REPLY_EXPLANATION' | 'REPLY_UNEXPLAINED';
export type ReplyProblem = { code: ReplyProblemCode; message: string; propertyName?: string };

/** The reply is due 7 days after the intimation (Rules 88C(2), 88D(2)). */
export const REPLY_DAYS = 7;
export const replyDueOn = (intimatedOn: string): string => {
  if (!isIsoDate(intimatedOn)) throw new RangeError(`intimatedOn must be a date YYYY-MM-DD: ${intimatedOn}`);
  return addDays(intimatedOn, REPLY_DAYS);
};

/**
 * An ARN of the common portal: 15 characters, the form's two letters, the State code, the month and year (MMYY) of
 * filing, and seven letters or digits.
 */
export const isArn = (value: string): boolean => /^[A-Z]{2}[0-9]{2}(0[1-9]|1[0-2])[0-9]{2}[0-9A-Z]{7}$/.test(value);

const isWholeNonNegative = (h: Heads): boolean => TAX_HEADS.every((head) => Number.isSafeInteger(h[head]) && h[head] >= 0);

/**
 * What stops `reply` from answering `intimation` (empty when nothing does). Without a reason the DRC-03 payments must
 * cover the excess of every head; `others` needs an explanation in words.
 */
export const replyProblems = <Reason extends string>(
  reply: Drc01Reply<Reason>,
  intimation: Pick<MismatchResult, 'excess' | 'form'>,
): ReplyProblem[] => {
  const problems: ReplyProblem[] = [];
  if (reply.payments.length === 0 && reply.reason === null)
    return [{ code: 'REPLY_EMPTY', message: `Part B of ${intimation.form} needs a DRC-03 payment, a reason, or both.` }];
  reply.payments.forEach((p, i) => {
    if (!isArn(p.arn))
      problems.push({ code: 'REPLY_ARN', message: `"${p.arn}" is not an ARN of the portal.`, propertyName: `payments[${i}].arn` });
    if (!isIsoDate(p.paidOn))
      problems.push({ code: 'REPLY_DATE', message: 'The date of payment must be a date.', propertyName: `payments[${i}].paidOn` });
    if (!isWholeNonNegative(p.tax) || !isWholeNonNegative(p.interest))
      problems.push({ code: 'REPLY_AMOUNT', message: 'Amounts paid must be whole paise, not negative.', propertyName: `payments[${i}]` });
  });
  if (reply.reason !== null && reply.reason.code === 'others' && reply.reason.explanation.trim() === '')
    problems.push({
      code: 'REPLY_EXPLANATION',
      message: 'Explain the difference in words when the reason is "Others".',
      propertyName: 'reason.explanation',
    });
  if (reply.reason === null && problems.length === 0) {
    for (const head of TAX_HEADS) {
      const paid = reply.payments.reduce((sum, p) => sum + p.tax[head], 0);
      const short = intimation.excess[head] - paid;
      if (short > 0)
        problems.push({
          code: 'REPLY_UNEXPLAINED',
          message: `₹ ${formatInr(short)} of ${TAX_HEAD_LABELS[head]} is neither paid nor explained: add a DRC-03 payment or a reason.`,
          propertyName: 'reason',
        });
    }
  }
  return problems;
};
