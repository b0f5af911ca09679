import type { NoticeFilters, NoticeStageName, NoticeStatusCode } from '@opengst/contracts';
import { CONTINGENT_CLASSES, NOTICE_FORMS, NOTICE_STAGES, NOTICE_STATUSES, type ContingentClass, type NoticeType } from '@opengst/domain';

// The notice register's filters (/litigation-management): what the filter bar holds, the API's filters of it, and the
// filters an address opens the register with (the dashboard's and the reports' links write them).

export const NOTICE_TYPES: readonly NoticeType[] = ['Intimation', 'Notice', 'Appeal', 'Refund', 'RectificationOfOrder'];
export const TYPE_TEXT: Readonly<Record<NoticeType, string>> = {
  Intimation: 'Intimation',
  Notice: 'Notice',
  Appeal: 'Appeal',
  Refund: 'Refund',
  RectificationOfOrder: 'Rectification of order',
};
/** "Due this week": the notices still awaiting a reply, lapsed ones included. */
export const DUE_WEEK_STATUSES: NoticeStatusCode[] = ['ACT', 'ROPEN', 'DDL'];

export type FilterState = {
  text: string;
  locations: string[];
  forms: string[];
  types: NoticeType[];
  stages: NoticeStageName[];
  statuses: NoticeStatusCode[];
  dueFrom: string;
  dueTo: string;
  /** '-' in sections and years: the notices citing none. */
  sections: string[];
  years: string[];
  classes: ContingentClass[];
  consultants: string[];
  tags: string[];
};
export const NO_FILTERS: FilterState = {
  text: '',
  locations: [],
  forms: [],
  types: [],
  stages: [],
  statuses: [],
  dueFrom: '',
  dueTo: '',
  sections: [],
  years: [],
  classes: [],
  consultants: [],
  tags: [],
};

/** The API's filters of what is on screen: empty choices left out. */
export const noticeFiltersOf = (f: FilterState): NoticeFilters => ({
  ...(f.text ? { text: f.text } : {}),
  ...(f.locations.length > 0 ? { entityIds: f.locations.map(Number) } : {}),
  ...(f.forms.length > 0 ? { forms: f.forms } : {}),
  ...(f.types.length > 0 ? { noticeTypes: f.types } : {}),
  ...(f.stages.length > 0 ? { stages: f.stages } : {}),
  ...(f.statuses.length > 0 ? { statuses: f.statuses } : {}),
  ...(f.dueFrom ? { dueFrom: f.dueFrom } : {}),
  ...(f.dueTo ? { dueTo: f.dueTo } : {}),
  ...(f.sections.length > 0 ? { sections: f.sections } : {}),
  ...(f.years.length > 0 ? { financialYears: f.years } : {}),
  ...(f.classes.length > 0 ? { contingentClasses: f.classes } : {}),
  ...(f.consultants.length > 0 ? { consultantIds: f.consultants.map(Number) } : {}),
  ...(f.tags.length > 0 ? { tagIds: f.tags.map(Number) } : {}),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The address's parameters this register reads (lists comma-separated), as the dashboard's links write them. */
const KNOWN_PARAMS = new Set([
  'entityIds',
  'forms',
  'noticeTypes',
  'stages',
  'statuses',
  'dueFrom',
  'dueTo',
  'sections',
  'financialYears',
  'contingentClasses',
  'consultantIds',
  'tagIds',
]);
const POSITIVE_ID = /^[1-9]\d*$/;
const YEAR_OR_NONE = /^(\d{4}-\d{2}|-)$/;

/**
 * The filters an address opens the register with (/litigation-management?statuses=DDL&forms=DRC-01): values the
 * register does not know are dropped; `unknown` names the parameters it cannot filter by, so the screen can say so.
 */
export const filtersFromSearch = (params: URLSearchParams): { state: FilterState; unknown: string[] } => {
  const list = (key: string) => (params.get(key) ?? '').split(',').filter((value) => value !== '');
  const forms = new Set(NOTICE_FORMS.map((f) => f.form));
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  return {
    state: {
      text: '',
      locations: list('entityIds').filter((id) => POSITIVE_ID.test(id)),
      forms: list('forms').filter((form) => forms.has(form)),
      types: list('noticeTypes').filter((type): type is NoticeType => (NOTICE_TYPES as readonly string[]).includes(type)),
      stages: list('stages').filter((stage): stage is NoticeStageName => (NOTICE_STAGES as readonly string[]).includes(stage)),
      statuses: list('statuses').filter((status): status is NoticeStatusCode => (NOTICE_STATUSES as readonly string[]).includes(status)),
      dueFrom: date('dueFrom'),
      dueTo: date('dueTo'),
      sections: list('sections')
        .map((section) => section.trim())
        .filter((section) => section !== '' && section.length <= 40),
      years: list('financialYears').filter((year) => YEAR_OR_NONE.test(year)),
      classes: list('contingentClasses').filter((c): c is ContingentClass => (CONTINGENT_CLASSES as readonly string[]).includes(c)),
      consultants: list('consultantIds').filter((id) => POSITIVE_ID.test(id)),
      tags: list('tagIds').filter((id) => POSITIVE_ID.test(id)),
    },
    unknown: [...new Set([...params.keys()].filter((key) => !KNOWN_PARAMS.has(key)))],
  };
};
