import { CONTINGENT_CLASSES } from '@opengst/domain';
import { z } from 'zod';
import { paise } from '../amounts';
import { API_ROOT } from '../api';
import { defineEndpoint } from '../endpoint';
import { defineReport } from '../report';

// The litigation reports (spec modules §2.1 lists /contingent-liability-report and /gst-assessment-report under
// Reports, "no further detail shown"; issue 23). Both read the notice register within the user's locations (and, for a
// consultant, its own notices). Amounts are integer paise; dates YYYY-MM-DD; financial years YYYY-YY.

const id = z.number().int().positive();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');
const ContingentClass = z.enum(CONTINGENT_CLASSES);
/** Ind AS 37 paras 14, 27–28, 86: Probable → provision, Possible → disclosure in the notes, Remote → nothing. */
export const ContingentTreatmentSchema = z.enum(['Provision', 'Disclosure', 'None', 'NotAssessed']);

const noticeFilters = {
  entityIds: z.array(id).max(1000).nullish(),
  /** The financial years the notices concern (YYYY-YY). */
  financialYears: z
    .array(z.string().regex(/^\d{4}-\d{2}$/))
    .max(20)
    .nullish(),
  /** The sections cited (the domain's noticeSections of the notice's section text). */
  sections: z.array(z.string().max(20)).max(50).nullish(),
};

export const ContingentLiabilityFiltersSchema = z.object({
  /** The reporting date; absent: the last quarter end before today (lastQuarterEnd). */
  asOf: isoDate.nullish(),
  /** The reporting date compared with; absent: the quarter end before asOf. */
  previousAsOf: isoDate.nullish(),
  ...noticeFilters,
  /** The class in force at asOf; 'NotAssessed' for a notice with none. */
  classes: z
    .array(z.enum([...CONTINGENT_CLASSES, 'NotAssessed']))
    .max(4)
    .nullish(),
});
export type ContingentLiabilityFilters = z.infer<typeof ContingentLiabilityFiltersSchema>;

export const ContingentLiabilityRowSchema = z.object({
  id,
  entityId: id,
  entityName: z.string(),
  gstin: z.string().nullable(),
  form: z.string(),
  referenceNumber: z.string(),
  issuedOn: isoDate,
  section: z.string(),
  financialYears: z.string(),
  stage: z.string(),
  taxIgst: paise,
  taxCgst: paise,
  taxSgst: paise,
  taxCess: paise,
  interest: paise,
  penalty: paise,
  totalDemand: paise,
  /** The assessment in force at the reporting date: the latest made for a date on or before it. */
  contingentClass: ContingentClass.nullable(),
  contingentAmount: paise.nullable(),
  assessedAsOf: isoDate.nullable(),
  treatment: ContingentTreatmentSchema,
  /** The amount to recognise as a provision (Probable) and to disclose as a contingent liability (Possible). */
  provision: paise,
  disclosure: paise,
  previousClass: ContingentClass.nullable(),
  previousAmount: paise.nullable(),
});
export type ContingentLiabilityRow = z.infer<typeof ContingentLiabilityRowSchema>;

export const CONTINGENT_LIABILITY_REPORT = defineReport({
  path: `${API_ROOT}/contingent-liability-report`,
  title: 'Contingent liability',
  filters: ContingentLiabilityFiltersSchema,
  row: ContingentLiabilityRowSchema,
  columns: [
    { key: 'gstin', label: 'litReport.gstin', kind: 'code', width: 160 },
    { key: 'entityName', label: 'litReport.entity', kind: 'text', sortable: true, width: 160 },
    { key: 'form', label: 'litReport.form', kind: 'code', sortable: true, width: 90 },
    { key: 'referenceNumber', label: 'litReport.reference', kind: 'code', sortable: true, width: 160 },
    { key: 'issuedOn', label: 'litReport.issuedOn', kind: 'date', sortable: true, width: 100 },
    { key: 'section', label: 'litReport.section', kind: 'text', width: 80 },
    { key: 'financialYears', label: 'litReport.financialYears', kind: 'text', width: 110 },
    { key: 'taxIgst', label: 'litReport.taxIgst', kind: 'money', width: 110 },
    { key: 'taxCgst', label: 'litReport.taxCgst', kind: 'money', width: 110 },
    { key: 'taxSgst', label: 'litReport.taxSgst', kind: 'money', width: 110 },
    { key: 'taxCess', label: 'litReport.taxCess', kind: 'money', width: 100 },
    { key: 'interest', label: 'litReport.interest', kind: 'money', width: 110 },
    { key: 'penalty', label: 'litReport.penalty', kind: 'money', width: 110 },
    { key: 'totalDemand', label: 'litReport.totalDemand', kind: 'money', sortable: true, width: 120 },
    { key: 'contingentClass', label: 'litReport.class', kind: 'text', labels: 'litReport.class.', width: 100 },
    { key: 'contingentAmount', label: 'litReport.amount', kind: 'money', sortable: true, width: 120 },
    { key: 'assessedAsOf', label: 'litReport.assessedAsOf', kind: 'date', width: 100 },
    { key: 'treatment', label: 'litReport.treatment', kind: 'text', labels: 'litReport.treatment.', width: 190 },
    { key: 'provision', label: 'litReport.provision', kind: 'money', width: 120 },
    { key: 'disclosure', label: 'litReport.disclosure', kind: 'money', width: 120 },
    { key: 'previousClass', label: 'litReport.previousClass', kind: 'text', labels: 'litReport.class.', width: 100 },
    { key: 'previousAmount', label: 'litReport.previousAmount', kind: 'money', width: 120 },
  ],
  totals: ['totalDemand', 'provision', 'disclosure'],
  defaultSort: 'issuedOn ASC',
});

export const GstAssessmentFiltersSchema = z.object({ ...noticeFilters });
export type GstAssessmentFilters = z.infer<typeof GstAssessmentFiltersSchema>;

export const GstAssessmentRowSchema = z.object({
  /** The row's place in the report (entity, year, section), for the grid's key. */
  id,
  entityId: id,
  entityName: z.string(),
  gstin: z.string().nullable(),
  /** '' for notices that name no year or no section. */
  financialYear: z.string(),
  section: z.string(),
  notices: z.number().int(),
  tax: paise,
  interest: paise,
  penalty: paise,
  demanded: paise,
  confirmed: paise,
  dropped: paise,
  paid: paise,
  underAppeal: paise,
});
export type GstAssessmentRow = z.infer<typeof GstAssessmentRowSchema>;

export const GST_ASSESSMENT_REPORT = defineReport({
  path: `${API_ROOT}/gst-assessment-report`,
  title: 'GST assessment',
  filters: GstAssessmentFiltersSchema,
  row: GstAssessmentRowSchema,
  columns: [
    { key: 'gstin', label: 'litReport.gstin', kind: 'code', width: 160 },
    { key: 'entityName', label: 'litReport.entity', kind: 'text', sortable: true, width: 180 },
    { key: 'financialYear', label: 'litReport.financialYear', kind: 'code', sortable: true, width: 100 },
    { key: 'section', label: 'litReport.section', kind: 'code', sortable: true, width: 90 },
    { key: 'notices', label: 'litReport.notices', kind: 'count', sortable: true, width: 90 },
    { key: 'tax', label: 'litReport.tax', kind: 'money', width: 120 },
    { key: 'interest', label: 'litReport.interest', kind: 'money', width: 120 },
    { key: 'penalty', label: 'litReport.penalty', kind: 'money', width: 120 },
    { key: 'demanded', label: 'litReport.demanded', kind: 'money', sortable: true, width: 130 },
    { key: 'confirmed', label: 'litReport.confirmed', kind: 'money', sortable: true, width: 130 },
    { key: 'dropped', label: 'litReport.dropped', kind: 'money', width: 120 },
    { key: 'paid', label: 'litReport.paid', kind: 'money', width: 120 },
    { key: 'underAppeal', label: 'litReport.underAppeal', kind: 'money', width: 130 },
  ],
  totals: ['notices', 'tax', 'interest', 'penalty', 'demanded', 'confirmed', 'dropped', 'paid', 'underAppeal'],
  defaultSort: 'entityName ASC',
});

/** The section and year filters' choices: those the notices in the user's scope hold, sorted (sections by number). */
export const LitigationReportOptionsSchema = z.object({ sections: z.array(z.string()), financialYears: z.array(z.string()) });
export type LitigationReportOptions = z.infer<typeof LitigationReportOptionsSchema>;

export const LITIGATION_REPORT_ENDPOINTS = {
  contingentSearch: CONTINGENT_LIABILITY_REPORT.endpoints.search,
  contingentExport: CONTINGENT_LIABILITY_REPORT.endpoints.export,
  assessmentSearch: GST_ASSESSMENT_REPORT.endpoints.search,
  assessmentExport: GST_ASSESSMENT_REPORT.endpoints.export,
  /** Either report's right suffices (the register's litigation/options needs the register's). */
  options: defineEndpoint({ method: 'GET', path: `${API_ROOT}/litigation-reports/options`, response: LitigationReportOptionsSchema }),
};

/** The last quarter end (31 Mar, 30 Jun, 30 Sep, 31 Dec) strictly before `date` (YYYY-MM-DD): a report's default date. */
export const lastQuarterEnd = (date: string): string => {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const ends = [
    [year - 1, 12, 31],
    [year, 3, 31],
    [year, 6, 30],
    [year, 9, 30],
    [year, 12, 31],
  ] as const;
  const before = ends.filter(([y, m, d]) => y < year || m < month || (m === month && d < day));
  const [y, m, d] = before[before.length - 1] ?? ends[0];
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
