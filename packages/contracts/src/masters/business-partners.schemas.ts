// Business partners (/business-partners, spec modules §2.5 "vendors"; issue 20): the subscriber's vendors and
// customers, registered (by GSTIN) or not (by the subscriber's own code), with PAN, names, address by state, MSME
// (Udyam) registration, the TDS section they are paid under, the GSTIN's status as the GST portal last answered, and
// the contacts notifications go to. The reconciliation's vendor views and the notifications read them.
import { MSME_ACTIVITIES, MSME_CLASSES } from '@opengst/domain';
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);
/** Blank text is no value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** The e-mail check of the partner's and its contacts' addresses, for the form and the server alike. */
export const isEmailAddress = (text: string): boolean => z.email().safeParse(text).success;

export const BusinessPartnerTypeSchema = z.enum(['Vendor', 'Customer', 'Both']);
export type BusinessPartnerType = z.infer<typeof BusinessPartnerTypeSchema>;
export const BusinessPartnerStatusSchema = z.enum(['Active', 'Inactive']);
export type BusinessPartnerStatus = z.infer<typeof BusinessPartnerStatusSchema>;
export const MsmeClassSchema = z.enum(MSME_CLASSES);
export const MsmeActivitySchema = z.enum(MSME_ACTIVITIES);

/** The calls are not shown by the spec: the newest masters' default sort. */
export const BUSINESS_PARTNER_DEFAULT_SORT = 'id DESC';
export const BUSINESS_PARTNER_SORT_COLUMNS = [
  'id',
  'legalName',
  'gstin',
  'pan',
  'partnerType',
  'stateCode',
  'msmeClass',
  'tdsSection',
  'gstinStatus',
  'status',
  'updatedAt',
] as const;
export const BUSINESS_PARTNER_LIMITS = {
  code: 40,
  legalName: 200,
  tradeName: 200,
  email: 254,
  phone: 21,
  address: 500,
  city: 100,
  contactName: 100,
  designation: 100,
  contacts: 20,
} as const;

export const BusinessPartnerContactSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, 'A contact needs a name.').max(BUSINESS_PARTNER_LIMITS.contactName),
  email: optionalText(BUSINESS_PARTNER_LIMITS.email),
  phone: optionalText(BUSINESS_PARTNER_LIMITS.phone),
  designation: optionalText(BUSINESS_PARTNER_LIMITS.designation),
  receivesNotifications: z.boolean().default(true),
});
export type BusinessPartnerContact = z.output<typeof BusinessPartnerContactSchema>;
export type BusinessPartnerContactInput = z.input<typeof BusinessPartnerContactSchema>;

export const BusinessPartnerSchema = z.object({
  id: z.number().int(),
  partnerType: BusinessPartnerTypeSchema,
  /** '' for an unregistered partner. */
  gstin: z.string(),
  pan: z.string().nullable(),
  code: z.string(),
  legalName: z.string(),
  tradeName: z.string().nullable(),
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  pincode: z.string().nullable(),
  msmeNumber: z.string().nullable(),
  msmeClass: z.string().nullable(),
  msmeActivity: z.string().nullable(),
  tdsSection: z.string().nullable(),
  /** As the GST portal last answered ('Active', 'Cancelled', 'Suspended' ...), and when (ISO); null when never checked. */
  gstinStatus: z.string().nullable(),
  taxpayerType: z.string().nullable(),
  gstinCheckedAt: z.string().nullable(),
  status: BusinessPartnerStatusSchema,
  contacts: z.array(BusinessPartnerContactSchema.extend({ id: z.number().int() })),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type BusinessPartner = z.infer<typeof BusinessPartnerSchema>;

export const BusinessPartnerFiltersSchema = z.object({
  /** Name (legal or trade), GSTIN, PAN or code. */
  text: z.string().trim().max(100).nullish(),
  partnerType: BusinessPartnerTypeSchema.nullish(),
  stateCode: z.string().max(2).nullish(),
  /** true: with a Udyam number; false: without. */
  isMsme: z.boolean().nullish(),
  status: BusinessPartnerStatusSchema.nullish(),
});
export type BusinessPartnerFilters = z.infer<typeof BusinessPartnerFiltersSchema>;

/**
 * A partner with its contacts, saved together. The GSTIN, PAN, state, Udyam number, e-mails and phones are checked by
 * the server with the domain's rules (checkPartnerIdentity, validateUdyamNumber), as the form checks them.
 */
export const BusinessPartnerSaveSchema = z.object({
  /** Absent: a new partner. */
  id: id.optional(),
  partnerType: BusinessPartnerTypeSchema.default('Vendor'),
  gstin: optionalText(15),
  pan: optionalText(10),
  code: optionalText(BUSINESS_PARTNER_LIMITS.code),
  legalName: z.string().trim().min(1, 'The legal name is required.').max(BUSINESS_PARTNER_LIMITS.legalName),
  tradeName: optionalText(BUSINESS_PARTNER_LIMITS.tradeName),
  stateCode: optionalText(2),
  email: optionalText(BUSINESS_PARTNER_LIMITS.email),
  phone: optionalText(BUSINESS_PARTNER_LIMITS.phone),
  address: optionalText(BUSINESS_PARTNER_LIMITS.address),
  city: optionalText(BUSINESS_PARTNER_LIMITS.city),
  pincode: optionalText(6),
  msmeNumber: optionalText(25),
  msmeClass: MsmeClassSchema.nullish(),
  msmeActivity: MsmeActivitySchema.nullish(),
  tdsSection: optionalText(10),
  status: BusinessPartnerStatusSchema.default('Active'),
  contacts: z.array(BusinessPartnerContactSchema).max(BUSINESS_PARTNER_LIMITS.contacts).default([]),
});
export type BusinessPartnerSave = z.input<typeof BusinessPartnerSaveSchema>;

export const BusinessPartnerIdsSchema = z.object({ ids: Ids });
export const BusinessPartnerStatusRequestSchema = z.object({ ids: Ids, status: BusinessPartnerStatusSchema });
export const BusinessPartnerBulkResultSchema = z.object({ affected: z.number().int() });

/** The GSTIN status check of each partner asked for: what the portal answered, or why it could not be asked. */
export const GstinCheckResultSchema = z.object({
  id: z.number().int(),
  gstin: z.string(),
  /** 'Checked': the portal answered; 'Unregistered': no GSTIN to check; 'Unreachable': the portal could not be reached; 'Refused': it refused. */
  outcome: z.enum(['Checked', 'Unregistered', 'Unreachable', 'Refused']),
  gstinStatus: z.string().nullable(),
  taxpayerType: z.string().nullable(),
  message: z.string().nullable(),
});
export type GstinCheckResult = z.infer<typeof GstinCheckResultSchema>;
export const GstinCheckResponseSchema = z.object({ results: z.array(GstinCheckResultSchema) });
export type GstinCheckResponse = z.infer<typeof GstinCheckResponseSchema>;
