// Routes of the documents module (spec core §2 "Documents", §7 "Documents (GET)"): the detail of a sales or purchase
// document and of a summary row, save (create, edit, draft), live validation, delete, the drafts list and the HSN lookup.
import { DOCUMENT_ENDPOINTS, type Direction } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { documentDetail, findDocument, searchDrafts, searchHsn, summaryDetail } from './document.repo';
import { deleteDocuments, prepareDocument, saveDocument } from './document-save.service';

/** Who may open a document: its register's viewers, and whoever may change it on the document screen. */
const readers = (direction: Direction) =>
  ({ rights: [direction === 'Sales' ? 'SalesView' : 'PurchaseView', 'DocumentEdit', 'DocumentDraft'] }) as const;
/** The screen's users; save checks the precise right (create, draft or edit) once it knows the document. */
const editors = { rights: ['DocumentCreate', 'DocumentDraft', 'DocumentEdit'], entity: 'body' } as const;

export const documentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  const { saleDetail, saleSummaryDetail, purchaseDetail, purchaseSummaryDetail } = DOCUMENT_ENDPOINTS;
  for (const [direction, detail, summary] of [
    ['Sales', saleDetail, saleSummaryDetail],
    ['Purchase', purchaseDetail, purchaseSummaryDetail],
  ] as const) {
    serve(app, detail, {
      access: readers(direction),
      handler: async (request) => documentDetail(db, await findDocument(db, principalOf(request), request.query.id, direction)),
    });
    serve(app, summary, {
      access: readers(direction),
      handler: async (request) => summaryDetail(db, principalOf(request), request.query.id, direction),
    });
  }

  serve(app, DOCUMENT_ENDPOINTS.save, {
    access: editors,
    handler: async (request) => saveDocument(ctx, principalOf(request), request.body, request.ip),
  });

  serve(app, DOCUMENT_ENDPOINTS.validate, {
    access: editors,
    handler: async (request) => {
      const { issues, totals } = await prepareDocument(ctx, principalOf(request), request.body);
      return { errors: issues, ...totals };
    },
  });

  serve(app, DOCUMENT_ENDPOINTS.delete, {
    access: { rights: ['DocumentDelete'] },
    handler: async (request) => ({ affected: await deleteDocuments(ctx, principalOf(request), request.body.ids, request.ip) }),
  });

  serve(app, DOCUMENT_ENDPOINTS.draftSearch, {
    access: { rights: ['DocumentDraft', 'DocumentCreate', 'DocumentEdit'], entity: 'body' },
    handler: async (request) => {
      const pageSize = (await loadInstallationSettings(db)).pageSize;
      return searchDrafts(db, principalOf(request), request.body, pageSize);
    },
  });

  serve(app, DOCUMENT_ENDPOINTS.hsnLookup, {
    access: { rights: ['DocumentCreate', 'DocumentDraft', 'DocumentEdit'] },
    handler: async (request) => ({
      items: await searchHsn(db, principalOf(request).subscriberId, request.query.text, ctx.config.hsnDirectoryFile),
    }),
  });
};
