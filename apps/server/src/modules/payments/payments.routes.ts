// Routes of GST challans (spec core §2 /gst-challans, /gst-challan-payment-process, /gst-challan-pay: the GstChallan
// right) and the electronic ledgers (modules §2.1 /electronic-ledger-report, /electronic-credit-reversal-reclaim-
// statement: the ReportLedgers right). Entity ids in a request are checked by the access plugin; a challan named by
// id is looked up within the caller's subscriber and then checked against the user's locations.
import { CHALLAN_ENDPOINTS as C, LEDGER_ENDPOINTS as L } from '@opengst/contracts';
import { indiaDateOf } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { challanPdf } from './challan-pdf';
import {
  challanGstinOf,
  challanOfRow,
  createChallan,
  loadChallan,
  payChallanInSandbox,
  refreshChallan,
  searchChallans,
} from './challans.service';
import { readCashLedger, readCreditLedger, readCreditReversal, readLedgerBalance, readLiabilityLedger } from './ledgers.service';

export const paymentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // Rule 87(2)'s fifteen days are counted in India's calendar, as the portal counts them.
  const today = () => indiaDateOf(ctx.now());

  serve(app, C.search, {
    access: { rights: ['GstChallan'], entity: 'body' },
    handler: async (request) => searchChallans(db, ctx.gstPortal.sandbox, principalOf(request), request.body, today()),
  });

  serve(app, C.detail, {
    access: { rights: ['GstChallan'] },
    handler: async (request) => challanOfRow(await loadChallan(db, principalOf(request), request.query.id, today()), ctx.gstPortal.sandbox),
  });

  serve(app, C.create, {
    access: { rights: ['GstChallan'], entity: 'body' },
    handler: async (request) => createChallan(ctx, principalOf(request), request.body, today(), request.ip),
  });

  serve(app, C.refresh, {
    access: { rights: ['GstChallan'] },
    handler: async (request) => refreshChallan(ctx, principalOf(request), request.body.id, today(), request.ip),
  });

  serve(app, C.paySandbox, {
    access: { rights: ['GstChallan'] },
    handler: async (request) => payChallanInSandbox(ctx, principalOf(request), request.body.id, today(), request.ip),
  });

  serve(app, C.pdf, {
    access: { rights: ['GstChallan'] },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const challan = challanOfRow(await loadChallan(db, principal, request.query.id, today()), ctx.gstPortal.sandbox);
      const content = await challanPdf(challan, await challanGstinOf(db, principal.subscriberId, challan.entityId));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="PMT-06-${challan.cpin}.pdf"`)
        .send(content);
    },
  });

  serve(app, L.cash, {
    access: { rights: ['ReportLedgers'], entity: 'query' },
    handler: async (request) => readCashLedger(ctx, principalOf(request), request.query),
  });
  serve(app, L.credit, {
    access: { rights: ['ReportLedgers'], entity: 'query' },
    handler: async (request) => readCreditLedger(ctx, principalOf(request), request.query),
  });
  serve(app, L.liability, {
    access: { rights: ['ReportLedgers'], entity: 'query' },
    handler: async (request) => readLiabilityLedger(ctx, principalOf(request), request.query),
  });
  serve(app, L.balance, {
    access: { rights: ['ReportLedgers'], entity: 'query' },
    handler: async (request) => readLedgerBalance(ctx, principalOf(request), request.query),
  });
  serve(app, L.creditReversal, {
    access: { rights: ['ReportLedgers'], entity: 'query' },
    handler: async (request) => readCreditReversal(ctx, principalOf(request), request.query),
  });
};
