// Statutory due dates of returns, as dated rules keyed on the tax period. Extensions granted by one-off notifications
// (e.g. for natural calamities or portal outages) are not modelled: the server may overlay them.
import { daysInMonth, isoOf } from '../dates/calendar';
import { normaliseReturnForm, type ReturnForm } from '../returns/return-forms';
import { type Frequency, parseFinancialYear, parseReturnPeriod, quarterOf } from './financial-year';

export type DueDateContext = {
  /** Filing frequency of GSTR-1 and GSTR-3B; quarterly = QRMP scheme. Default monthly. */
  frequency?: Frequency;
  /** State code of the principal place of business (first two GSTIN characters): picks the QRMP GSTR-3B group. */
  stateCode?: string;
};

type DueDateRule = {
  form: ReturnForm;
  frequency: Frequency | 'any';
  /** QRMP GSTR-3B state group (A: 22nd, B: 24th). */
  group?: 'A' | 'B';
  /** First and last tax period ('YYYY-MM') the rule governs. */
  effectiveFrom: string;
  effectiveTo?: string;
  /** 'nextMonth': the day of the month after the (month or quarter) period; 'afterFinancialYear': 31 December after the FY. */
  anchor: 'nextMonth' | 'afterFinancialYear';
  day: number | 'last';
  source: string;
};

// Rule 61(5) proviso as substituted by Notification 82/2020-Central Tax (10-11-2020), from the January 2021 tax period.
export const QRMP_3B_GROUP_A = ['22', '23', '24', '27', '29', '30', '32', '33', '36', '37', '25', '26', '34', '35', '31'] as const;
export const QRMP_3B_GROUP_B = [
  '02',
  '03',
  '05',
  '06',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '01',
  '38',
  '04',
  '07',
] as const;

export const DUE_DATE_RULES: readonly DueDateRule[] = [
  {
    form: 'GSTR1',
    frequency: 'monthly',
    effectiveFrom: '2017-07',
    anchor: 'nextMonth',
    day: 11,
    source: 's.37(1); Rule 59(1) (Notification 82/2020-CT); 11th applied to earlier periods through extension notifications',
  },
  {
    form: 'GSTR1',
    frequency: 'quarterly',
    effectiveFrom: '2017-07',
    effectiveTo: '2020-12',
    anchor: 'nextMonth',
    day: 'last',
    source:
      'quarterly GSTR-1 (turnover up to 1.5 crore) by the last day of the month after the quarter, by notification (e.g. 57/2017-CT and its successors)',
  },
  {
    form: 'GSTR1',
    frequency: 'quarterly',
    effectiveFrom: '2021-01',
    anchor: 'nextMonth',
    day: 13,
    source: 'Rule 59(1) proviso, QRMP scheme (Notification 82/2020-CT, 84/2020-CT)',
  },
  {
    form: 'IFF',
    frequency: 'any',
    effectiveFrom: '2021-01',
    anchor: 'nextMonth',
    day: 13,
    source: 'Rule 59(2): Invoice Furnishing Facility from the 1st to the 13th of the next month, months 1 and 2 of a quarter',
  },
  {
    form: 'GSTR3B',
    frequency: 'monthly',
    effectiveFrom: '2017-07',
    anchor: 'nextMonth',
    day: 20,
    source: 'Rule 61(5) (s.39(1)): 20th of the next month',
  },
  {
    form: 'GSTR3B',
    frequency: 'quarterly',
    group: 'A',
    effectiveFrom: '2021-01',
    anchor: 'nextMonth',
    day: 22,
    source: 'Rule 61(5) proviso (Notification 82/2020-CT): 22nd after the quarter, group A states',
  },
  {
    form: 'GSTR3B',
    frequency: 'quarterly',
    group: 'B',
    effectiveFrom: '2021-01',
    anchor: 'nextMonth',
    day: 24,
    source: 'Rule 61(5) proviso (Notification 82/2020-CT): 24th after the quarter, group B states',
  },
  {
    form: 'GSTR6',
    frequency: 'any',
    effectiveFrom: '2017-07',
    anchor: 'nextMonth',
    day: 13,
    source: 's.39(4); Rule 65: 13 days after the month',
  },
  {
    form: 'GSTR7',
    frequency: 'any',
    effectiveFrom: '2017-07',
    anchor: 'nextMonth',
    day: 10,
    source: 's.39(3); Rule 66(1): 10 days after the month',
  },
  {
    form: 'GSTR8',
    frequency: 'any',
    effectiveFrom: '2017-07',
    anchor: 'nextMonth',
    day: 10,
    source: 's.52(4); Rule 67(1): 10 days after the month',
  },
  {
    form: 'CMP08',
    frequency: 'any',
    effectiveFrom: '2019-04',
    anchor: 'nextMonth',
    day: 18,
    source: 'Rule 62(1)(i) (Notification 20/2019-CT): 18th after the quarter',
  },
  {
    form: 'GSTR9',
    frequency: 'any',
    effectiveFrom: '2017-07',
    anchor: 'afterFinancialYear',
    day: 31,
    source: 's.44; Rule 80(1): 31 December after the financial year',
  },
  {
    form: 'GSTR9C',
    frequency: 'any',
    effectiveFrom: '2017-07',
    anchor: 'afterFinancialYear',
    day: 31,
    source: 's.44; Rule 80(3) (self-certified from FY 2020-21, Notification 30/2021-CT): with GSTR-9',
  },
];

const QUARTERLY_BY_NATURE: Partial<Record<ReturnForm, true>> = { CMP08: true };

/** QRMP group of a state code: A (22nd) or B (24th). 97 (Other Territory) is not listed in Rule 61(5); the earlier date is assumed. */
export function qrmpGroupOf(stateCode: string): 'A' | 'B' {
  return (QRMP_3B_GROUP_B as readonly string[]).includes(stateCode) ? 'B' : 'A';
}

/**
 * The rule that fixes the due date of a return for a tax period ('MMYYYY', or '2024-25' for GSTR-9/9C); the form may be
 * written 'GSTR-3B' or 'gstr3b'. Throws RangeError for an unknown form or when no rule applies (e.g. the drafted 2A/2B).
 */
export function dueDateRule(
  formInput: ReturnForm | (string & {}),
  period: string,
  context: DueDateContext = {},
): DueDateRule & { periodMonth: string } {
  const form = normaliseReturnForm(formInput);
  const annual = form === 'GSTR9' || form === 'GSTR9C';
  let year: number;
  let month: number;
  const fyStart = annual ? parseFinancialYear(period) : null;
  if (fyStart !== null) {
    year = fyStart + 1;
    month = 3;
  } else {
    const p = parseReturnPeriod(period);
    if (!p) throw new RangeError(`not a return period MMYYYY${annual ? ' or financial year' : ''}: ${period}`);
    ({ year, month } = p);
  }
  const frequency: Frequency = QUARTERLY_BY_NATURE[form] ? 'quarterly' : (context.frequency ?? 'monthly');
  if (frequency === 'quarterly' || annual) {
    const q = quarterOf(`${year}-${String(month).padStart(2, '0')}-01`);
    if (form === 'IFF') {
      if (q.returnPeriod === period) throw new RangeError('IFF is for the first two months of a quarter only');
    } else if (annual) {
      const last = q.financialYear; // the FY's last month is March of the next calendar year
      year = Number(last.slice(0, 4)) + 1;
      month = 3;
    } else {
      ({ year, month } = parseReturnPeriod(q.returnPeriod) as { year: number; month: number });
    }
  }
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  let group: 'A' | 'B' | undefined;
  if (form === 'GSTR3B' && frequency === 'quarterly') {
    if (!context.stateCode) throw new RangeError('quarterly GSTR-3B needs context.stateCode');
    group = qrmpGroupOf(context.stateCode);
  }
  const rule = DUE_DATE_RULES.find(
    (r) =>
      r.form === form &&
      (r.frequency === 'any' || r.frequency === frequency) &&
      (r.group === undefined || r.group === group) &&
      r.effectiveFrom <= ym &&
      (r.effectiveTo === undefined || ym <= r.effectiveTo),
  );
  if (!rule) throw new RangeError(`no due-date rule for ${form} ${frequency} ${period}`);
  return { ...rule, periodMonth: ym };
}

/** Due date ('YYYY-MM-DD') of a return for a tax period. */
export function dueDate(form: ReturnForm | (string & {}), period: string, context: DueDateContext = {}): string {
  const rule = dueDateRule(form, period, context);
  const year = Number(rule.periodMonth.slice(0, 4));
  const month = Number(rule.periodMonth.slice(5, 7));
  if (rule.anchor === 'afterFinancialYear') return isoOf(year, 12, 31); // periodMonth is March closing the FY
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const day = rule.day === 'last' ? daysInMonth(nextYear, nextMonth) : rule.day;
  return isoOf(nextYear, nextMonth, day);
}
