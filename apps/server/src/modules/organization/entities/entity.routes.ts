import multipart from '@fastify/multipart';
import {
  BulkResultSchema, BusinessNodeSchema, dataOf, EntityDeleteRequestSchema, EntityDetailSchema, EntityListItemSchema, EntitySaveRequestSchema,
  EntitySaveResponseSchema, EntitySearchFiltersSchema, type EntityListItem, EntityUpdateStatusRequestSchema, ORGANIZATION_API, PortalCredentialImportResultSchema,
  PortalCredentialSchema, PortalCredentialStatusSchema, SetGstinTurnoverRequestSchema, SetGstPortalCredentialsRequestSchema,
} from '@opengst/contracts';
import { isTaxpayerType, stateFromCode, TAXPAYER_TYPES } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../../files/xlsx-writer';
import { listRequestSchema, listResponseSchema } from '../../../platform/lists';
import { principalOf } from '../../../platform/access.plugin';
import { findEntityDetail, findEntityTree, searchEntities } from './entity.repo';
import { deleteEntities, saveEntity, setGstinTurnover, updateEntityStatus } from './entity.service';
import { importPortalCredentials, readCredentialFile, setPortalCredentials } from './portal-credentials.service';

const IMPORT_FILE_LIMIT_BYTES = 5 * 1024 * 1024;
/** An export holds what the filter selects, up to this many rows. */
const EXPORT_ROW_LIMIT = 100_000;

const EXPORT_COLUMNS: XlsxColumn<EntityListItem>[] = [
  { header: 'Entity type', value: (e) => e.entityType },
  { header: 'Name', width: 30, value: (e) => e.entityName },
  { header: 'GSTIN', width: 18, value: (e) => e.gstin },
  { header: 'State', width: 20, value: (e) => (e.stateCode ? (stateFromCode(e.stateCode)?.name ?? e.stateCode) : null) },
  { header: 'Taxpayer type', width: 20, value: (e) => (e.taxpayerType && isTaxpayerType(e.taxpayerType) ? TAXPAYER_TYPES[e.taxpayerType].name : e.taxpayerType) },
  { header: 'Status', value: (e) => e.status },
  { header: 'Parent', width: 30, value: (e) => e.parentEntityName },
];

const view = { access: { rights: ['EntityView', 'EntityManage'] } } as const;
const manage = { access: { rights: ['EntityManage'] } } as const;

export const entityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // Only this plugin takes uploads, so multipart is registered in its scope alone.
  await app.register(multipart, { limits: { fileSize: IMPORT_FILE_LIMIT_BYTES, files: 1, fields: 5 } });

  app.post(ORGANIZATION_API.entitySearch, {
    config: { access: { ...view.access, entity: 'body' } },
    schema: { body: listRequestSchema(EntitySearchFiltersSchema), response: { 200: dataOf(listResponseSchema(EntityListItemSchema)) } },
  }, async (request) => ({ data: await searchEntities(db, principalOf(request), request.body) }));

  app.post(ORGANIZATION_API.entityExport, {
    config: { access: { rights: ['EntityExport'], entity: 'body' } },
    schema: { body: listRequestSchema(EntitySearchFiltersSchema).omit({ start: true, size: true }) },
  }, async (request, reply) => {
    const principal = principalOf(request);
    const { items } = await searchEntities(db, principal, { ...request.body, start: 0, size: EXPORT_ROW_LIMIT });
    const content = await writeXlsx('Entities', EXPORT_COLUMNS, items);
    await db.transaction((tx) => writeAudit(tx, principal, {
      entityType: 'Entity', entityKey: 'export', entityName: 'Entities export', action: 'Export', after: { filters: request.body.filters ?? {}, rows: items.length }, ip: request.ip,
    }));
    return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', 'attachment; filename="entities.xlsx"').send(content);
  });

  app.get(ORGANIZATION_API.entityDetail, {
    config: { access: { ...view.access, entity: 'query' } },
    schema: { querystring: z.object({ entityId: z.coerce.number().int().positive() }), response: { 200: dataOf(EntityDetailSchema) } },
  }, async (request) => ({ data: await findEntityDetail(db, principalOf(request), request.query.entityId) }));

  // The tree for pickers: every signed-in user needs it to choose a location (spec core §7 lookups).
  app.get(ORGANIZATION_API.entityEntities, {
    config: { access: { signedIn: true } },
    schema: { response: { 200: dataOf(z.array(BusinessNodeSchema)) } },
  }, async (request) => ({ data: await findEntityTree(db, principalOf(request)) }));

  app.post(ORGANIZATION_API.entitySave, {
    config: manage,
    schema: { body: EntitySaveRequestSchema, response: { 200: dataOf(EntitySaveResponseSchema) } },
  }, async (request) => ({ data: { entityId: await saveEntity(db, principalOf(request), request.body, request.ip) } }));

  app.post(ORGANIZATION_API.entityUpdateStatus, {
    config: manage,
    schema: { body: EntityUpdateStatusRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => ({ data: { affected: await updateEntityStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip) } }));

  app.post(ORGANIZATION_API.entityDelete, {
    config: { access: { rights: ['EntityDelete'] } },
    schema: { body: EntityDeleteRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => ({ data: { affected: await deleteEntities(db, principalOf(request), request.body.ids, request.ip) } }));

  app.post(ORGANIZATION_API.entitySetGstinTurnover, {
    config: { access: { ...manage.access, entity: 'body' } },
    schema: { body: SetGstinTurnoverRequestSchema, response: { 200: dataOf(EntityDetailSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    await setGstinTurnover(db, principal, request.body, request.ip);
    return { data: await findEntityDetail(db, principal, request.body.entityId) };
  });

  app.post(ORGANIZATION_API.entitySetGstPortalCredential, {
    config: { access: { ...manage.access, entity: 'body' } },
    schema: { body: PortalCredentialSchema, response: { 200: dataOf(PortalCredentialStatusSchema) } },
  }, async (request) => {
    await setPortalCredentials(db, ctx.secretKey, principalOf(request), [request.body], request.ip);
    return { data: { entityId: request.body.entityId, hasPortalCredential: true, portalUserName: request.body.portalUserName } };
  });

  app.post(ORGANIZATION_API.entitySetGstPortalCredentials, {
    config: manage,
    schema: { body: SetGstPortalCredentialsRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => {
    const targets = await setPortalCredentials(db, ctx.secretKey, principalOf(request), request.body.credentials, request.ip);
    return { data: { affected: targets.length } };
  });

  app.post(ORGANIZATION_API.entityImportGstPortalCredentials, {
    config: manage,
    schema: { response: { 200: dataOf(PortalCredentialImportResultSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const file = request.isMultipart() ? await request.file() : undefined;
    if (!file) throw new AppError('ORG0009');
    const rows = await readCredentialFile(file.filename, await file.toBuffer());
    return { data: await importPortalCredentials(db, ctx.secretKey, principal, rows, request.ip) };
  });
};
