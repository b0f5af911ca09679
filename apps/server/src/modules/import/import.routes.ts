// Routes of the import module (spec core §7 "Import" and "Background work").
import multipart from '@fastify/multipart';
import {
  BackgroundStatusQuerySchema, BackgroundStatusResponseSchema, dataOf, ImportAliasesQuerySchema, ImportAliasesResponseSchema, ImportAliasSaveRequestSchema,
  ImportErrorsRequestSchema, ImportErrorsResponseSchema, ImportErrorSummarySchema, ImportIdQuerySchema, ImportListResponseSchema, ImportProgressSchema,
  ImportSearchRequestSchema, ImportSummarySchema, ImportTypesResponseSchema, ImportTypeSchema, ImportUploadFieldsSchema, ImportUploadResponseSchema,
  IMPORT_API, IMPORT_TYPES, taskStatusOf,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { XLSX_CONTENT_TYPE } from '../../files/xlsx-writer';
import { principalOf } from '../../platform/access.plugin';
import { errorMessagesByRow, errorsByCode, findImport, importProgress, importSummary, listImportErrors, searchImports } from './import.repo';
import { acceptUpload, assertImportRight, listAliases, saveAliases, uploadLimitBytes } from './import.service';
import { errorRowsWorkbook, sampleWorkbook } from './import.sheets';
import type { FileFormat } from './sniff';

/** Any upload right; the upload and the aliases then check the right of the import type itself. */
const UPLOAD_RIGHTS = ['ImportSales', 'ImportPurchase', 'ImportSummary', 'ImportVendors', 'ImportHsnSac', 'ImportEntities'] as const;
const view = { access: { rights: ['ImportView', ...UPLOAD_RIGHTS] } } as const;
const upload = { access: { rights: [...UPLOAD_RIGHTS] } } as const;
/** The multipart parser's ceiling; the subscriber's own (smaller) limit is applied per request. */
const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { jobs } = ctx;
  const { db } = ctx.database;
  // Only this plugin takes uploads here, so multipart is registered in its scope alone.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.get(IMPORT_API.importTypes, { config: view, schema: { response: { 200: dataOf(ImportTypesResponseSchema) } } }, async () => ({ data: { items: [...IMPORT_TYPES] } }));

  app.get(IMPORT_API.sample, { config: view, schema: { querystring: z.object({ importType: ImportTypeSchema }) } }, async (request, reply) =>
    reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', attachment(`${request.query.importType}-sample.xlsx`))
      .send(await sampleWorkbook(request.query.importType)));

  // Fields come in the query string, or as form fields sent before the file.
  app.post(IMPORT_API.upload, {
    config: { access: { ...upload.access, entity: 'query' } },
    schema: { querystring: ImportUploadFieldsSchema.partial(), response: { 200: dataOf(ImportUploadResponseSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    if (!request.isMultipart()) throw new AppError('IMP0021');
    const limit = await uploadLimitBytes(ctx, principal.subscriberId);
    const file = await request.file({ limits: { fileSize: limit.bytes } });
    if (!file) throw new AppError('IMP0021');
    const formFields = Object.fromEntries(Object.entries(file.fields).flatMap(([name, field]) =>
      field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : []));
    const parsed = ImportUploadFieldsSchema.safeParse({ ...formFields, ...request.query });
    if (!parsed.success) {
      file.file.resume();
      throw new AppError('GEN0009', { propertyName: 'ImportType', message: `Choose the import type: ${ImportTypeSchema.options.join(', ')}.` });
    }
    const entityId = parsed.data.entityId ?? null;
    await assertImportRight(ctx, principal, parsed.data.importType);
    if (entityId) await assertEntityAccess(db, principal, [entityId]);
    return { data: await acceptUpload(ctx, jobs, principal, file, { importType: parsed.data.importType, entityId }, limit, request.ip) };
  });

  app.post(IMPORT_API.statisticSearch, {
    config: view, schema: { body: ImportSearchRequestSchema, response: { 200: dataOf(ImportListResponseSchema) } },
  }, async (request) => ({ data: await searchImports(db, principalOf(request), request.body) }));

  app.get(IMPORT_API.statisticStatus, {
    config: view, schema: { querystring: ImportIdQuerySchema, response: { 200: dataOf(ImportProgressSchema) } },
  }, async (request) => ({ data: await importProgress(db, principalOf(request), request.query.importId) }));

  app.get(IMPORT_API.summary, {
    config: view, schema: { querystring: ImportIdQuerySchema, response: { 200: dataOf(ImportSummarySchema) } },
  }, async (request) => ({ data: await importSummary(db, principalOf(request), request.query.importId) }));

  app.get(IMPORT_API.errorSummary, {
    config: view, schema: { querystring: ImportIdQuerySchema, response: { 200: dataOf(ImportErrorSummarySchema) } },
  }, async (request) => {
    const row = await findImport(db, principalOf(request), request.query.importId);
    const items = (await errorsByCode(db, row.id)).map(({ code, message, count, columns }) => ({ code, message, count, columns }));
    return { data: { importId: row.id, items } };
  });

  app.post(IMPORT_API.errors, {
    config: view, schema: { body: ImportErrorsRequestSchema, response: { 200: dataOf(ImportErrorsResponseSchema) } },
  }, async (request) => ({ data: await listImportErrors(db, principalOf(request), request.body) }));

  app.get(IMPORT_API.export, { config: view, schema: { querystring: ImportIdQuerySchema } }, async (request, reply) => {
    const principal = principalOf(request);
    const row = await findImport(db, principal, request.query.importId);
    const messages = await errorMessagesByRow(db, row.id);
    const content = await errorRowsWorkbook(join(ctx.config.dataDir, row.storagePath), (row.fileFormat ?? 'csv') as FileFormat, messages);
    await db.transaction((tx) => writeAudit(tx, principal, {
      entityType: 'Import', entityKey: row.id, entityName: row.fileName, action: 'Export', after: { errorRows: messages.size }, ip: request.ip,
    }));
    return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', attachment(`import-${row.id}-errors.xlsx`)).send(content);
  });

  app.get(IMPORT_API.aliases, {
    config: view, schema: { querystring: ImportAliasesQuerySchema, response: { 200: dataOf(ImportAliasesResponseSchema) } },
  }, async (request) => ({ data: { importType: request.query.importType, aliases: await listAliases(ctx, principalOf(request), request.query.importType) } }));

  app.post(IMPORT_API.aliasesSave, {
    config: upload, schema: { body: ImportAliasSaveRequestSchema, response: { 200: dataOf(ImportAliasesResponseSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    await assertImportRight(ctx, principal, request.body.importType);
    const aliases = await saveAliases(ctx, principal, request.body.importType, request.body.aliases, request.ip);
    return { data: { importType: request.body.importType, aliases } };
  });

  app.get(IMPORT_API.backgroundStatus, {
    config: view, schema: { querystring: BackgroundStatusQuerySchema, response: { 200: dataOf(BackgroundStatusResponseSchema) } },
  }, async (request) => {
    const row = await findImport(db, principalOf(request), request.query.id);
    return { data: { id: row.id, type: request.query.type, status: taskStatusOf(row.status) } };
  });
};
