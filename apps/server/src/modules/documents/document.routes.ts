// Routes of the documents module (spec core §2 "Documents", §7 "Documents (GET)"): the detail of a sales or purchase
// document and of a summary row, save (create, edit, draft), live validation, delete, the drafts list and the HSN lookup.
import {
  dataOf, DocumentDeleteRequestSchema, DocumentDeleteResponseSchema, DocumentDetailSchema, DocumentIdQuerySchema, DOCUMENT_API,
  DocumentSaveRequestSchema, DocumentValidateResponseSchema, DraftSearchRequestSchema, DraftSearchResponseSchema, HsnLookupQuerySchema,
  HsnLookupResponseSchema, SummaryDetailSchema, type Direction,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/access.plugin';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { documentDetail, findDocument, searchDrafts, searchHsn, summaryDetail } from './document.repo';
import { deleteDocuments, prepareDocument, saveDocument } from './document-save.service';

/** Who may open a document: its register's viewers, and whoever may change it on the document screen. */
const readers = (direction: Direction) =>
  ({ access: { rights: [direction === 'Sales' ? 'SalesView' : 'PurchaseView', 'DocumentEdit', 'DocumentDraft'] } }) as const;
/** The screen's users; save checks the precise right (create, draft or edit) once it knows the document. */
const editors = { access: { rights: ['DocumentCreate', 'DocumentDraft', 'DocumentEdit'], entity: 'body' } } as const;

export const documentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  for (const [direction, url, summaryUrl] of [['Sales', DOCUMENT_API.saleDetail, DOCUMENT_API.saleSummaryDetail], ['Purchase', DOCUMENT_API.purchaseDetail, DOCUMENT_API.purchaseSummaryDetail]] as const) {
    app.get(url, { config: readers(direction), schema: { querystring: DocumentIdQuerySchema, response: { 200: dataOf(DocumentDetailSchema) } } }, async (request) =>
      ({ data: await documentDetail(db, await findDocument(db, principalOf(request), request.query.id, direction)) }));
    app.get(summaryUrl, { config: readers(direction), schema: { querystring: DocumentIdQuerySchema, response: { 200: dataOf(SummaryDetailSchema) } } }, async (request) =>
      ({ data: await summaryDetail(db, principalOf(request), request.query.id, direction) }));
  }

  app.post(DOCUMENT_API.save, { config: editors, schema: { body: DocumentSaveRequestSchema, response: { 200: dataOf(DocumentDetailSchema) } } }, async (request) =>
    ({ data: await saveDocument(ctx, principalOf(request), request.body, request.ip) }));

  app.post(DOCUMENT_API.validate, { config: editors, schema: { body: DocumentSaveRequestSchema, response: { 200: dataOf(DocumentValidateResponseSchema) } } }, async (request) => {
    const { issues, totals } = await prepareDocument(ctx, principalOf(request), request.body);
    return { data: { errors: issues, ...totals } };
  });

  app.post(DOCUMENT_API.delete, { config: { access: { rights: ['DocumentDelete'] } }, schema: { body: DocumentDeleteRequestSchema, response: { 200: dataOf(DocumentDeleteResponseSchema) } } }, async (request) =>
    ({ data: { affected: await deleteDocuments(ctx, principalOf(request), request.body.ids, request.ip) } }));

  app.post(DOCUMENT_API.draftSearch, {
    config: { access: { rights: ['DocumentDraft', 'DocumentCreate', 'DocumentEdit'], entity: 'body' } },
    schema: { body: DraftSearchRequestSchema, response: { 200: dataOf(DraftSearchResponseSchema) } },
  }, async (request) => {
    const pageSize = (await loadInstallationSettings(db)).pageSize;
    return { data: await searchDrafts(db, principalOf(request), request.body, pageSize) };
  });

  app.get(DOCUMENT_API.hsnLookup, {
    config: { access: { rights: ['DocumentCreate', 'DocumentDraft', 'DocumentEdit'] } },
    schema: { querystring: HsnLookupQuerySchema, response: { 200: dataOf(HsnLookupResponseSchema) } },
  }, async (request) => ({ data: { items: await searchHsn(db, principalOf(request).subscriberId, request.query.text) } }));
};
