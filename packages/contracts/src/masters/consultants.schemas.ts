// External consultants (/manage-consultants, spec modules §2.5; issue 20). A consultant is an authorised representative
// of CGST Act s.116(2) who signs in as a user of the subscriber: the save creates or edits that user (welcome mail,
// role, entities) and the consultant's firm, capacity and membership in one step. The user reaches its own entities
// and, in the notice register, only the notices assigned to the consultant. The spec names the screen only; the calls
// follow the other masters' (search, save, updateStatus, delete, export) plus a lookup for the notice form.
import { validatePan } from '@opengst/domain';
import { z } from 'zod';
import { DisplayNameSchema, UserEmailSchema, UserMobileSchema, UserNameSchema } from '../organization/users.schemas';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);

/** CGST Act s.116(2)(a)–(e): who may appear for a taxable person. */
export const CONSULTANT_PROFESSIONS = [
  'Advocate',
  'CharteredAccountant',
  'CostAccountant',
  'CompanySecretary',
  'GstPractitioner',
  'RetiredOfficer',
  'RelativeOrEmployee',
] as const;
export const ConsultantProfessionSchema = z.enum(CONSULTANT_PROFESSIONS);
export type ConsultantProfession = z.infer<typeof ConsultantProfessionSchema>;
/** The capacities as the export writes them and the import reads them (the screen's words). */
export const CONSULTANT_PROFESSION_LABELS: Readonly<Record<ConsultantProfession, string>> = {
  Advocate: 'Advocate',
  CharteredAccountant: 'Chartered accountant',
  CostAccountant: 'Cost accountant',
  CompanySecretary: 'Company secretary',
  GstPractitioner: 'GST practitioner',
  RetiredOfficer: 'Retired officer',
  RelativeOrEmployee: 'Relative or employee',
};

/** A consultant's status is its user's; Locked and Dormant come from sign-in, not from this screen. */
export const ConsultantStatusSchema = z.enum(['Active', 'Inactive', 'Locked', 'Dormant']);
export const SettableConsultantStatusSchema = z.enum(['Active', 'Inactive']);

export const CONSULTANT_DEFAULT_SORT = 'id DESC';
export const CONSULTANT_SORT_COLUMNS = ['id', 'displayName', 'firmName', 'profession', 'status', 'updatedAt'] as const;
export const CONSULTANT_FIRM_MAX = 120;
export const CONSULTANT_MEMBERSHIP_MAX = 30;

export const ConsultantSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  firmName: z.string(),
  profession: ConsultantProfessionSchema,
  membershipNumber: z.string(),
  pan: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  entityIds: z.array(z.number().int()),
  /** The GSTINs of those entities (a business has none). */
  gstins: z.array(z.string()),
  /** Notices assigned to the consultant that are not closed: deletion is refused while there are any. */
  openNotices: z.number().int(),
  status: ConsultantStatusSchema,
  lastLoginAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type Consultant = z.infer<typeof ConsultantSchema>;

export const ConsultantFiltersSchema = z.object({
  /** Part of the name, user name, e-mail, firm or membership number. */
  text: z.string().trim().max(100).nullish(),
  /** The screen's status filter; a Locked or Dormant consultant is listed under all statuses. */
  status: SettableConsultantStatusSchema.nullish(),
  profession: ConsultantProfessionSchema.nullish(),
});
export type ConsultantFilters = z.infer<typeof ConsultantFiltersSchema>;

const optionalPan = z
  .string()
  .trim()
  .toUpperCase()
  .nullish()
  .transform((text) => (text ? text : null))
  .superRefine((text, ctx) => {
    if (text === null) return;
    const result = validatePan(text);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
  });

export const ConsultantSaveSchema = z.object({
  /** Absent: a new consultant (and a new user, who receives the welcome mail). */
  id: id.optional(),
  userName: UserNameSchema,
  displayName: DisplayNameSchema,
  email: UserEmailSchema,
  mobile: UserMobileSchema.nullish(),
  /** Any role of the subscriber but the administrators': a consultant never administers the subscription. */
  roleId: id,
  entityIds: z.array(id).max(10_000).default([]),
  firmName: z.string().trim().max(CONSULTANT_FIRM_MAX, `A firm name is at most ${CONSULTANT_FIRM_MAX} characters.`).default(''),
  profession: ConsultantProfessionSchema,
  membershipNumber: z
    .string()
    .trim()
    .max(CONSULTANT_MEMBERSHIP_MAX, `A membership or enrolment number is at most ${CONSULTANT_MEMBERSHIP_MAX} characters.`)
    .default(''),
  pan: optionalPan,
});
export type ConsultantSave = z.input<typeof ConsultantSaveSchema>;

export const ConsultantIdsSchema = z.object({ ids: Ids });
export const ConsultantStatusRequestSchema = z.object({ ids: Ids, status: SettableConsultantStatusSchema });
export const ConsultantBulkResultSchema = z.object({ affected: z.number().int() });

/** The notice form's picker: the subscriber's active consultants. */
export const ConsultantOptionSchema = z.object({ id: z.number().int(), displayName: z.string(), firmName: z.string() });
export type ConsultantOption = z.infer<typeof ConsultantOptionSchema>;
