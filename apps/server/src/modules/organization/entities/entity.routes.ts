import multipart from '@fastify/multipart';
import { ORGANIZATION_ENDPOINTS as ORG, type EntityListItem } from '@opengst/contracts';
import { isTaxpayerType, stateFromCode, TAXPAYER_TYPES } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { serve } from '../../../platform/endpoint';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../../files/xlsx-writer';
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
  {
    header: 'Taxpayer type',
    width: 20,
    value: (e) => (e.taxpayerType && isTaxpayerType(e.taxpayerType) ? TAXPAYER_TYPES[e.taxpayerType].name : e.taxpayerType),
  },
  { header: 'Status', value: (e) => e.status },
  { header: 'Parent', width: 30, value: (e) => e.parentEntityName },
];

const view = ['EntityView', 'EntityManage'] as const;
const manage = ['EntityManage'] as const;

export const entityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // Only this plugin takes uploads, so multipart is registered in its scope alone.
  await app.register(multipart, { limits: { fileSize: IMPORT_FILE_LIMIT_BYTES, files: 1, fields: 5 } });

  serve(app, ORG.entitySearch, {
    access: { rights: view, entity: 'body' },
    handler: async (request) => searchEntities(db, principalOf(request), request.body),
  });

  serve(app, ORG.entityExport, {
    access: { rights: ['EntityExport'], entity: 'body' },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { items } = await searchEntities(db, principal, { ...request.body, start: 0, size: EXPORT_ROW_LIMIT });
      const content = await writeXlsx('Entities', EXPORT_COLUMNS, items);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'Entity',
          entityKey: 'export',
          entityName: 'Entities export',
          action: 'Export',
          after: { filters: request.body.filters ?? {}, rows: items.length },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="entities.xlsx"')
        .send(content);
    },
  });

  serve(app, ORG.entityDetail, {
    access: { rights: view, entity: 'query' },
    handler: async (request) => findEntityDetail(db, principalOf(request), request.query.entityId),
  });

  // The tree for pickers: every signed-in user needs it to choose a location (spec core §7 lookups).
  serve(app, ORG.entityEntities, { access: { signedIn: true }, handler: async (request) => findEntityTree(db, principalOf(request)) });

  serve(app, ORG.entitySave, {
    access: { rights: manage },
    handler: async (request) => ({ entityId: await saveEntity(db, principalOf(request), request.body, request.ip) }),
  });

  serve(app, ORG.entityUpdateStatus, {
    access: { rights: manage },
    handler: async (request) => ({
      affected: await updateEntityStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });

  serve(app, ORG.entityDelete, {
    access: { rights: ['EntityDelete'] },
    handler: async (request) => ({ affected: await deleteEntities(db, principalOf(request), request.body.ids, request.ip) }),
  });

  serve(app, ORG.entitySetGstinTurnover, {
    access: { rights: manage, entity: 'body' },
    handler: async (request) => {
      const principal = principalOf(request);
      await setGstinTurnover(db, principal, request.body, request.ip);
      return findEntityDetail(db, principal, request.body.entityId);
    },
  });

  serve(app, ORG.entitySetGstPortalCredential, {
    access: { rights: manage, entity: 'body' },
    handler: async (request) => {
      await setPortalCredentials(db, ctx.secretKey, principalOf(request), [request.body], request.ip);
      return { entityId: request.body.entityId, hasPortalCredential: true, portalUserName: request.body.portalUserName };
    },
  });

  serve(app, ORG.entitySetGstPortalCredentials, {
    access: { rights: manage },
    handler: async (request) => {
      const targets = await setPortalCredentials(db, ctx.secretKey, principalOf(request), request.body.credentials, request.ip);
      return { affected: targets.length };
    },
  });

  // Multipart: the file is read from the request itself, so the endpoint declares no body.
  serve(app, ORG.entityImportGstPortalCredentials, {
    access: { rights: manage },
    handler: async (request) => {
      const principal = principalOf(request);
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file) throw new AppError('ORG0009');
      const rows = await readCredentialFile(file.filename, await file.toBuffer());
      return importPortalCredentials(db, ctx.secretKey, principal, rows, request.ip);
    },
  });
};
