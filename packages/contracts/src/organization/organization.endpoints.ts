import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import { REPORTS_ENDPOINTS } from '../reports/reports.endpoints';
import { namedRecordEndpoints, prefixed } from './named-record.endpoints';
import {
  BranchSaveRequestSchema,
  BranchSchema,
  BulkResultSchema,
  BusinessNodeSchema,
  DepartmentSaveRequestSchema,
  DepartmentSchema,
  EntityDeleteRequestSchema,
  EntityDetailSchema,
  EntityIdQuerySchema,
  EntityListItemSchema,
  EntitySaveRequestSchema,
  EntitySaveResponseSchema,
  EntitySearchFiltersSchema,
  EntityUpdateStatusRequestSchema,
  LevelLookupSchema,
  NamedLookupSchema,
  PortalCredentialImportResultSchema,
  PortalCredentialSchema,
  PortalCredentialStatusSchema,
  SetGstinTurnoverRequestSchema,
  SetGstPortalCredentialsRequestSchema,
  SubscriberEntityLookupSchema,
  SubscriberUserLookupSchema,
  TemplateNameSchema,
} from './organization.schemas';

const entitySearch = listRequestSchema(EntitySearchFiltersSchema);

// The endpoints of spec core §7 "Entities" and the subscriber lookups; branches and departments below.
export const ORGANIZATION_ENDPOINTS = {
  entitySearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/search`,
    body: entitySearch,
    response: listResponseSchema(EntityListItemSchema),
  }),
  /** The xlsx of every entity the filters select, in the search's sort. */
  entityExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/export`,
    body: entitySearch.omit({ start: true, size: true }),
    response: 'file',
  }),
  entityUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/updateStatus`,
    body: EntityUpdateStatusRequestSchema,
    response: BulkResultSchema,
  }),
  entityDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/delete`,
    body: EntityDeleteRequestSchema,
    response: BulkResultSchema,
  }),
  entitySave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/save`,
    body: EntitySaveRequestSchema,
    response: EntitySaveResponseSchema,
  }),
  /** Answers the entity's detail with its turnovers. */
  entitySetGstinTurnover: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/setGstinTurnover`,
    body: SetGstinTurnoverRequestSchema,
    response: EntityDetailSchema,
  }),
  entitySetGstPortalCredential: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/setGstPortalCredential`,
    body: PortalCredentialSchema,
    response: PortalCredentialStatusSchema,
  }),
  entitySetGstPortalCredentials: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/setGstPortalCredentials`,
    body: SetGstPortalCredentialsRequestSchema,
    response: BulkResultSchema,
  }),
  /** Multipart, field `file` (.xlsx or .csv; columns PORTAL_CREDENTIAL_IMPORT_COLUMNS). */
  entityImportGstPortalCredentials: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/entity/importGstPortalCredentials`,
    response: PortalCredentialImportResultSchema,
  }),
  entityDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/entity/detail`,
    query: EntityIdQuerySchema,
    response: EntityDetailSchema,
  }),
  /** The tree for pickers (Business → Location → ChildLocation), for any signed-in user. */
  entityEntities: defineEndpoint({ method: 'GET', path: `${API_ROOT}/entity/entities`, response: z.array(BusinessNodeSchema) }),

  // Small lists for pickers and filters, any signed-in user of the subscriber.
  subscriberEntities: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/subscriber/entities`,
    response: z.array(SubscriberEntityLookupSchema),
  }),
  subscriberUsers: defineEndpoint({ method: 'GET', path: `${API_ROOT}/subscriber/users`, response: z.array(SubscriberUserLookupSchema) }),
  subscriberDepartments: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/subscriber/departments`,
    response: z.array(NamedLookupSchema),
  }),
  subscriberBranches: defineEndpoint({ method: 'GET', path: `${API_ROOT}/subscriber/branches`, response: z.array(NamedLookupSchema) }),
  subscriberLevels: defineEndpoint({ method: 'GET', path: `${API_ROOT}/subscriber/levels`, response: z.array(LevelLookupSchema) }),
  subscriberVerticals: defineEndpoint({ method: 'GET', path: `${API_ROOT}/subscriber/verticals`, response: z.array(NamedLookupSchema) }),
  subscriberTemplateNames: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/subscriber/templateNames`,
    response: z.array(TemplateNameSchema),
  }),
};

/** /branches and /departments: named records, one set of endpoints each. */
export const BRANCH_ENDPOINTS = namedRecordEndpoints('branch', { record: BranchSchema, save: BranchSaveRequestSchema });
export const DEPARTMENT_ENDPOINTS = namedRecordEndpoints('department', { record: DepartmentSchema, save: DepartmentSaveRequestSchema });

/** The paths, with the audit trail's, which this table held before the report had a module of its own. */
export const ORGANIZATION_API = pathsOf({
  ...ORGANIZATION_ENDPOINTS,
  ...prefixed('branch', BRANCH_ENDPOINTS),
  ...prefixed('department', DEPARTMENT_ENDPOINTS),
  ...REPORTS_ENDPOINTS,
});
