// Routes of the import module (spec core §7 "Import" and "Background work").
import multipart from '@fastify/multipart';
import {
  dataOf,
  IMPORT_ENDPOINTS,
  IMPORT_TYPES,
  ImportTypeSchema,
  ImportUploadFieldsSchema,
  taskStatusOf,
  type ImportType,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { XLSX_CONTENT_TYPE } from '../../files/xlsx-writer';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import {
  errorMessagesByRow,
  errorsByCode,
  findImport,
  importProgress,
  importSummary,
  listImportErrors,
  searchImports,
} from './import.repo';
import { acceptUpload, assertAliasRight, assertImportRight, listAliases, saveAliases, uploadLimitBytes } from './import.service';
import { aliasesWorkbook } from './import-aliases.sheets';
import { errorRowsWorkbook, sampleWorkbook } from './import-sheets.service';
import { fileHeaders } from './file-headers.service';
import type { FileFormat } from './sniff.rules';

/** Any upload right; the upload and the aliases then check the right of the import type itself. */
const UPLOAD_RIGHTS = [
  'ImportSales',
  'ImportPurchase',
  'ImportSummary',
  'ImportVendors',
  'ImportHsnSac',
  'ImportEntities',
  'MasterSeries',
  'MasterChartOfAccounts',
  'LitigationEdit',
] as const;
const view = { rights: ['ImportView', ...UPLOAD_RIGHTS] } as const;
const upload = { rights: [...UPLOAD_RIGHTS] } as const;
/** The column aliases: the import screen's mapping step (any upload right) and /data-mapper (MasterDataMapper). */
const aliasAccess = { rights: ['ImportView', ...UPLOAD_RIGHTS, 'MasterDataMapper'] } as const;
/** The multipart parser's ceiling; the subscriber's own (smaller) limit is applied per request. */
const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { jobs } = ctx;
  const { db } = ctx.database;
  // Only this plugin takes uploads here, so multipart is registered in its scope alone.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  serve(app, IMPORT_ENDPOINTS.importTypes, { access: view, handler: async () => ({ items: [...IMPORT_TYPES] }) });

  serve(app, IMPORT_ENDPOINTS.sample, {
    access: view,
    handler: async (request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`${request.query.importType}-sample.xlsx`))
        .send(await sampleWorkbook(request.query.importType)),
  });

  // Multipart, so registered by hand: fields come in the query string, or as form fields sent before the file.
  const { upload: uploadEndpoint } = IMPORT_ENDPOINTS;
  app.post(
    uploadEndpoint.path,
    {
      config: { access: { ...upload, entity: 'query' } },
      schema: { querystring: uploadEndpoint.query, response: { 200: dataOf(uploadEndpoint.response) } },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!request.isMultipart()) throw new AppError('IMP0021');
      const limit = await uploadLimitBytes(ctx, principal.subscriberId);
      const file = await request.file({ limits: { fileSize: limit.bytes } });
      if (!file) throw new AppError('IMP0021');
      const formFields = Object.fromEntries(
        Object.entries(file.fields).flatMap(([name, field]) =>
          field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
        ),
      );
      const parsed = ImportUploadFieldsSchema.safeParse({ ...formFields, ...request.query });
      if (!parsed.success) {
        file.file.resume();
        throw new AppError('GEN0009', {
          propertyName: 'ImportType',
          message: `Choose the import type: ${ImportTypeSchema.options.join(', ')}.`,
        });
      }
      const entityId = parsed.data.entityId ?? null;
      await assertImportRight(ctx, principal, parsed.data.importType);
      if (entityId) await assertEntityAccess(db, principal, [entityId]);
      return { data: await acceptUpload(ctx, jobs, principal, file, { importType: parsed.data.importType, entityId }, limit, request.ip) };
    },
  );

  serve(app, IMPORT_ENDPOINTS.statisticSearch, {
    access: view,
    handler: async (request) => searchImports(db, principalOf(request), request.body),
  });

  serve(app, IMPORT_ENDPOINTS.statisticStatus, {
    access: view,
    handler: async (request) => importProgress(db, principalOf(request), request.query.importId),
  });

  serve(app, IMPORT_ENDPOINTS.summary, {
    access: view,
    handler: async (request) => importSummary(db, principalOf(request), request.query.importId),
  });

  serve(app, IMPORT_ENDPOINTS.errorSummary, {
    access: view,
    handler: async (request) => {
      const row = await findImport(db, principalOf(request), request.query.importId);
      const items = (await errorsByCode(db, row.id)).map(({ code, message, count, columns }) => ({ code, message, count, columns }));
      return { importId: row.id, items };
    },
  });

  serve(app, IMPORT_ENDPOINTS.errors, {
    access: view,
    handler: async (request) => listImportErrors(db, principalOf(request), request.body),
  });

  serve(app, IMPORT_ENDPOINTS.export, {
    access: view,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const row = await findImport(db, principal, request.query.importId);
      const messages = await errorMessagesByRow(db, row.id);
      const content = await errorRowsWorkbook(join(ctx.config.dataDir, row.storagePath), (row.fileFormat ?? 'csv') as FileFormat, messages);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'Import',
          entityKey: row.id,
          entityName: row.fileName,
          action: 'Export',
          after: { errorRows: messages.size },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`import-${row.id}-errors.xlsx`))
        .send(content);
    },
  });

  serve(app, IMPORT_ENDPOINTS.fileHeaders, {
    access: view,
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await findImport(db, principal, request.query.importId);
      return fileHeaders(ctx.config.dataDir, row, await listAliases(ctx, principal, row.importType as ImportType));
    },
  });

  serve(app, IMPORT_ENDPOINTS.aliases, {
    access: aliasAccess,
    handler: async (request) => ({
      importType: request.query.importType,
      aliases: await listAliases(ctx, principalOf(request), request.query.importType),
    }),
  });

  serve(app, IMPORT_ENDPOINTS.aliasesSave, {
    access: aliasAccess,
    handler: async (request) => {
      const principal = principalOf(request);
      await assertAliasRight(ctx, principal, request.body.importType);
      const aliases = await saveAliases(ctx, principal, request.body.importType, request.body.aliases, request.ip);
      return { importType: request.body.importType, aliases };
    },
  });

  serve(app, IMPORT_ENDPOINTS.aliasesExport, {
    access: aliasAccess,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { importType } = request.query;
      const workbook = await aliasesWorkbook(importType, await listAliases(ctx, principal, importType));
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'ImportAlias',
          entityKey: importType,
          action: 'Export',
          after: { importType },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`${importType}-column-names.xlsx`))
        .send(workbook);
    },
  });

  serve(app, IMPORT_ENDPOINTS.backgroundStatus, {
    access: view,
    handler: async (request) => {
      const row = await findImport(db, principalOf(request), request.query.id);
      return { id: row.id, type: request.query.type, status: taskStatusOf(row.status) };
    },
  });
};
