// Routes of the notice register (/litigation-management; premium rights LitigationManagement to read, LitigationEdit
// to change, LitigationDelete to delete). Lists cover the user's locations, narrowed by the entity chips.
import { NOTICE_ENDPOINTS as E, type Notice } from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../files/xlsx-writer';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { locationScope } from '../../platform/location-scope';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../platform/audited-export';
import { noticeDashboard } from './notices-dashboard';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { findNoticeOptions, findNotices, noticeWhere, type NoticeScope } from './notices.repo';
import { noticeDetail } from './notice-detail';
import { consultantOfPrincipal } from './notice-reach';
import { saveNotice } from './notice-save.service';
import { deleteNotices, moveNotice, recordPayment, reopenNotice } from './notices.service';

const read = { rights: ['LitigationManagement'] } as const;
const edit = { rights: ['LitigationEdit'] } as const;
const rupees = (paise: number | null) => (paise === null ? null : paise / 100);

const COLUMNS: readonly XlsxColumn<Notice>[] = [
  { header: 'GSTIN', width: 18, value: (r) => r.gstin },
  { header: 'Location', width: 24, value: (r) => r.entityName },
  { header: 'Form', width: 10, value: (r) => r.form },
  { header: 'Type', width: 12, value: (r) => r.noticeType },
  { header: 'Reference number', width: 24, value: (r) => r.referenceNumber },
  { header: 'Issued on', width: 12, value: (r) => r.issuedOn },
  { header: 'Reply due on', width: 12, value: (r) => r.dueOn },
  { header: 'Due date basis', width: 14, value: (r) => r.dueBasis },
  { header: 'Stage', width: 14, value: (r) => r.stage },
  { header: 'Status', width: 8, value: (r) => r.status },
  { header: 'Section', width: 10, value: (r) => r.section },
  { header: 'Subject', width: 40, value: (r) => r.subject },
  {
    header: 'Tax demanded (₹)',
    width: 16,
    value: (r) => rupees(r.demand.taxIgst + r.demand.taxCgst + r.demand.taxSgst + r.demand.taxCess),
  },
  { header: 'Interest (₹)', width: 14, value: (r) => rupees(r.demand.interest) },
  { header: 'Penalty (₹)', width: 14, value: (r) => rupees(r.demand.penalty) },
  { header: 'Total demand (₹)', width: 16, value: (r) => rupees(r.totalDemand) },
  { header: 'Contingent liability', width: 14, value: (r) => r.contingentClass },
  { header: 'Amount at stake (₹)', width: 16, value: (r) => rupees(r.contingentAmount) },
  { header: 'Assigned to', width: 20, value: (r) => r.assigneeName },
  { header: 'Consultants', width: 24, value: (r) => r.consultants.map((c) => c.displayName).join(', ') },
];

export const noticeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const today = () => istDateOf(ctx.now());
  /** The user's locations (narrowed by the chips) and, for a consultant, its own notices only. */
  const scopeOf = async (principal: SessionPrincipal, entityIds: readonly number[] | null | undefined): Promise<NoticeScope> => ({
    subscriberId: principal.subscriberId,
    entityIds: await locationScope(db, principal, entityIds),
    consultantId: await consultantOfPrincipal(db, principal),
  });

  serve(app, E.noticeSearch, {
    access: { ...read, entity: 'body' },
    handler: async (request) => {
      const scope = await scopeOf(principalOf(request), request.body.filters?.entityIds);
      return findNotices(db, noticeWhere(scope, request.body.filters, today()), request.body, today());
    },
  });
  serve(app, E.noticeOptions, {
    access: read,
    handler: async (request) => findNoticeOptions(db, await scopeOf(principalOf(request), null), today()),
  });
  serve(app, E.noticeDashboard, {
    access: { rights: ['DashboardLitigation', 'LitigationManagement'], entity: 'body' },
    handler: async (request) => noticeDashboard(db, await scopeOf(principalOf(request), request.body.entityIds), today()),
  });
  serve(app, E.noticeDetail, {
    access: read,
    handler: async (request) => noticeDetail(db, principalOf(request), request.query.id, today()),
  });
  serve(app, E.noticeSave, {
    access: { ...edit, entity: 'body' },
    handler: async (request) => saveNotice(db, principalOf(request), request.body, today(), request.ip),
  });
  serve(app, E.noticeMove, {
    access: edit,
    handler: async (request) => moveNotice(db, principalOf(request), request.body, today(), request.ip),
  });
  serve(app, E.noticePayment, {
    access: edit,
    handler: async (request) => recordPayment(db, principalOf(request), request.body, today(), request.ip),
  });
  serve(app, E.noticeReopen, {
    access: edit,
    handler: async (request) => reopenNotice(db, principalOf(request), request.body, today(), request.ip),
  });
  serve(app, E.noticeDelete, {
    access: { rights: ['LitigationDelete'] },
    handler: async (request) => ({
      affected: await deleteNotices(db, principalOf(request), request.body.ids, request.ip, {
        dataDir: ctx.config.dataDir,
        now: ctx.now(),
        onBytesError: (error) => request.log.warn({ err: error }, 'bytes of a deleted notice left to the files cleanup'),
      }),
    }),
  });
  serve(app, E.noticeExport, {
    access: { ...read, entity: 'body' },
    handler: async (request, reply) => {
      const scope = await scopeOf(principalOf(request), request.body.filters?.entityIds);
      const { items } = await findNotices(
        db,
        noticeWhere(scope, request.body.filters, today()),
        { start: 0, size: AUDITED_EXPORT_LIMIT, sortExpression: request.body.sortExpression },
        today(),
      );
      return sendAuditedExport(db, request, reply, {
        entityType: 'Litigation',
        sheet: 'Notices',
        fileName: 'notices.xlsx',
        columns: COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
};
