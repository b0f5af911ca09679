// Organization schemas: entities, branches, departments, subscriber lookups (issue 5, spec core §7). Endpoints: organization.endpoints.ts.
import { TAXPAYER_TYPES, type TaxpayerType } from '@opengst/domain';
import { z } from 'zod';

/** Default sorts of the list screens (spec core §2). */
export const ORGANIZATION_DEFAULT_SORT = {
  entities: 'parentEntityName DESC',
  branches: 'id DESC',
  departments: 'id DESC',
  auditTrail: 'id DESC',
} as const;

// Shared pieces ------------------------------------------------------------------------------------------------

const id = z.number().int().positive();
const optionalText = (max: number) => z.string().trim().max(max).nullish();
/** Bulk actions take the ids ticked on a list screen. */
const IdsSchema = z.array(id).min(1, 'Select at least one row.').max(1000);

export const EntityTypeSchema = z.enum(['Business', 'Location', 'ChildLocation']);
export type EntityType = z.infer<typeof EntityTypeSchema>;
export const EntityStatusSchema = z.enum(['Active', 'Inactive', 'Delete', 'Draft']);
export type EntityStatus = z.infer<typeof EntityStatusSchema>;
/** Statuses a user may set; Delete only through entity/delete. */
export const EntityEditableStatusSchema = z.enum(['Active', 'Inactive', 'Draft']);
export const TaxpayerTypeSchema = z.enum(Object.keys(TAXPAYER_TYPES) as [TaxpayerType, ...TaxpayerType[]]);
export const RecordStatusSchema = z.enum(['Active', 'Inactive', 'Delete']);
export const EditableRecordStatusSchema = z.enum(['Active', 'Inactive']);

export const BulkResultSchema = z.object({ affected: z.number().int() });
export type BulkResult = z.infer<typeof BulkResultSchema>;

// Entities ----------------------------------------------------------------------------------------------------

/**
 * Create (no entityId) or edit. Business: pan; Location: gstin + stateCode, parent a Business; ChildLocation: parent a
 * Location, gstin optional. GSTIN, PAN and state rules are checked on the server with the domain's messages
 * (propertyName Gstin, Pan, StateCode, ParentEntityId).
 */
export const EntitySaveRequestSchema = z.object({
  entityId: id.optional(),
  entityType: EntityTypeSchema,
  parentEntityId: id.nullish(),
  entityName: z.string().trim().min(1, 'Name is required.').max(200),
  pan: optionalText(10),
  gstin: optionalText(15),
  stateCode: z
    .string()
    .regex(/^\d{2}$/, 'Choose a state.')
    .nullish(),
  taxpayerType: TaxpayerTypeSchema.default('Regular'),
  legalName: optionalText(200),
  tradeName: optionalText(200),
  address: optionalText(500),
  pincode: z
    .string()
    .regex(/^[1-9]\d{5}$/, 'Pincode must be 6 digits.')
    .nullish(),
  email: z.email('Enter a valid e-mail address.').max(254).nullish(),
  registrationDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.')
    .nullish(),
  /**
   * An active vertical of the subscriber (/verticals); null clears it, absent keeps what the entity has (the entities
   * import sends none). A vertical the entity already belongs to may stay after it was deactivated.
   */
  verticalId: id.nullish(),
  status: EntityEditableStatusSchema.default('Active'),
});
export type EntitySaveRequest = z.input<typeof EntitySaveRequestSchema>;
export const EntitySaveResponseSchema = z.object({ entityId: z.number().int() });

export const EntitySearchFiltersSchema = z.object({
  entityType: EntityTypeSchema.nullish(),
  status: EntityStatusSchema.nullish(),
  /** GSTIN or name contains (case-insensitive). */
  searchText: z.string().trim().max(100).nullish(),
  parentEntityId: id.nullish(),
  stateCode: z
    .string()
    .regex(/^\d{2}$/)
    .nullish(),
});
export type EntitySearchFilters = z.infer<typeof EntitySearchFiltersSchema>;
/** Sortable columns of entity/search. */
export const ENTITY_SORT_COLUMNS = [
  'id',
  'entityName',
  'parentEntityName',
  'gstin',
  'entityType',
  'status',
  'stateCode',
  'taxpayerType',
] as const;

/** The spec's Entity (core §3) with the parent's name and child counts by status for the /entities tree. */
export const EntityListItemSchema = z.object({
  entityId: z.number().int(),
  parentEntityId: z.number().int().nullable(),
  parentEntityName: z.string().nullable(),
  gstin: z.string().nullable(),
  gstinId: z.number().int(),
  entityName: z.string(),
  entityType: EntityTypeSchema,
  status: EntityStatusSchema,
  isSystem: z.boolean(),
  hasAccess: z.boolean(),
  taxpayerType: z.string().nullable(),
  stateCode: z.string().nullable(),
  activeChildren: z.number().int(),
  inactiveChildren: z.number().int(),
});
export type EntityListItem = z.infer<typeof EntityListItemSchema>;

export const EntityTurnoverSchema = z.object({ financialYear: z.string(), turnover: z.number().int().describe('paise') });

/** entity/detail: never the portal password, only whether one is set. */
export const EntityDetailSchema = EntityListItemSchema.extend({
  pan: z.string().nullable(),
  legalName: z.string().nullable(),
  tradeName: z.string().nullable(),
  address: z.string().nullable(),
  pincode: z.string().nullable(),
  email: z.string().nullable(),
  registrationDate: z.string().nullable(),
  verticalId: z.number().int().nullable(),
  verticalName: z.string().nullable(),
  turnovers: z.array(EntityTurnoverSchema),
  hasPortalCredential: z.boolean(),
  portalUserName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EntityDetail = z.infer<typeof EntityDetailSchema>;
export const EntityIdQuerySchema = z.object({ entityId: z.coerce.number().int().positive() });

// entity/entities: the tree for pickers, three fixed levels (Business → Location → ChildLocation).
const treeNode = {
  entityId: z.number().int(),
  parentEntityId: z.number().int().nullable(),
  entityName: z.string(),
  gstin: z.string().nullable(),
  status: EntityStatusSchema,
  stateCode: z.string().nullable(),
  hasAccess: z.boolean(),
};
export const ChildLocationNodeSchema = z.object({ ...treeNode, entityType: z.literal('ChildLocation'), children: z.array(z.never()) });
export const LocationNodeSchema = z.object({ ...treeNode, entityType: z.literal('Location'), children: z.array(ChildLocationNodeSchema) });
export const BusinessNodeSchema = z.object({ ...treeNode, entityType: z.literal('Business'), children: z.array(LocationNodeSchema) });
export type BusinessNode = z.infer<typeof BusinessNodeSchema>;
export type LocationNode = z.infer<typeof LocationNodeSchema>;

export const EntityUpdateStatusRequestSchema = z.object({ ids: IdsSchema, status: EntityEditableStatusSchema });
export const EntityDeleteRequestSchema = z.object({ ids: IdsSchema });

export const SetGstinTurnoverRequestSchema = z.object({
  entityId: id,
  financialYear: z.string().regex(/^\d{4}-\d{2}$/, 'Use a financial year such as 2025-26.'),
  /** Rupees, as a decimal string ("1,23,45,678.50") or a number; stored as paise. */
  turnover: z.union([z.string().max(30), z.number()]),
});
export type SetGstinTurnoverRequest = z.infer<typeof SetGstinTurnoverRequestSchema>;

export const PortalCredentialSchema = z.object({
  entityId: id,
  portalUserName: z.string().trim().min(1, 'Portal user name is required.').max(100),
  portalPassword: z.string().min(1, 'Portal password is required.').max(200),
});
export type PortalCredential = z.infer<typeof PortalCredentialSchema>;
export const SetGstPortalCredentialsRequestSchema = z.object({ credentials: z.array(PortalCredentialSchema).min(1).max(1000) });
/** What a credential save answers: never the password. */
export const PortalCredentialStatusSchema = z.object({
  entityId: z.number().int(),
  hasPortalCredential: z.boolean(),
  portalUserName: z.string().nullable(),
});

/** importGstPortalCredentials: multipart field `file` (.xlsx or .csv; columns GSTIN, User name, Password). */
export const PortalCredentialImportErrorSchema = z.object({
  rowNumber: z.number().int(),
  gstin: z.string().nullable(),
  propertyName: z.string(),
  message: z.string(),
});
export const PortalCredentialImportResultSchema = z.object({
  totalRows: z.number().int(),
  saved: z.number().int(),
  errors: z.array(PortalCredentialImportErrorSchema),
});
export type PortalCredentialImportResult = z.infer<typeof PortalCredentialImportResultSchema>;
export const PORTAL_CREDENTIAL_IMPORT_COLUMNS = ['GSTIN', 'User name', 'Password'] as const;

// Branches and departments --------------------------------------------------------------------------------------

export const BranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  status: RecordStatusSchema,
  activeUsers: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Branch = z.infer<typeof BranchSchema>;
export const BranchSaveRequestSchema = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'Name is required.').max(100),
  code: optionalText(20),
  address: optionalText(500),
  status: EditableRecordStatusSchema.default('Active'),
});
export type BranchSaveRequest = z.input<typeof BranchSaveRequestSchema>;

export const DepartmentSchema = BranchSchema.omit({ address: true });
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentSaveRequestSchema = BranchSaveRequestSchema.omit({ address: true });
export type DepartmentSaveRequest = z.input<typeof DepartmentSaveRequestSchema>;

export const NamedRecordFiltersSchema = z.object({ name: z.string().trim().max(100).nullish(), status: RecordStatusSchema.nullish() });
export const NAMED_RECORD_SORT_COLUMNS = ['id', 'name', 'code', 'status', 'createdAt'] as const;
export const RecordUpdateStatusRequestSchema = z.object({ ids: IdsSchema, status: EditableRecordStatusSchema });
export const RecordDeleteRequestSchema = z.object({ ids: IdsSchema });
export const RecordDetailQuerySchema = z.object({ id: z.coerce.number().int().positive() });

// Subscriber lookups (GET, any signed-in user) -----------------------------------------------------------------------

export const SubscriberEntityLookupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: EntityTypeSchema,
  gstin: z.string().nullable(),
});
export const SubscriberUserLookupSchema = z.object({ id: z.number().int(), userName: z.string(), displayName: z.string() });
export const NamedLookupSchema = z.object({ id: z.number().int(), name: z.string() });
export const LevelLookupSchema = z.object({ id: z.number().int(), name: z.string(), rank: z.number().int() });
export const TemplateNameSchema = z.object({ id: z.string(), name: z.string() });
