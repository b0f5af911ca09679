// Routes of /manage-consultants. Reading is the masters' right; saving makes or changes a user, so it takes the users
// screen's rights (UserManage, with the entities granted checked by the access plugin like user/save; UserDelete to
// delete). The lookup serves the notice form, so the notice register's rights reach it.
import { CONSULTANT_ENDPOINTS as E, CONSULTANT_PROFESSION_LABELS, type Consultant } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { consultantOptions, consultantWhere, findConsultants } from './consultants.repo';
import { deleteConsultants, saveConsultant, updateConsultantStatus } from './consultants.service';

const read = { rights: ['MastersView', 'UserManage'] } as const;

/** The import's columns first, under its headers, so an export imports back as it is; then what only the list shows. */
const COLUMNS: readonly XlsxColumn<Consultant>[] = [
  { header: 'Name', width: 26, value: (r) => r.displayName },
  { header: 'User name', width: 20, value: (r) => r.userName },
  { header: 'E-mail', width: 30, value: (r) => r.email },
  { header: 'Mobile', width: 14, value: (r) => r.mobile },
  { header: 'Firm', width: 30, value: (r) => r.firmName },
  { header: 'Capacity', width: 20, value: (r) => CONSULTANT_PROFESSION_LABELS[r.profession] },
  { header: 'Membership or enrolment no.', width: 22, value: (r) => r.membershipNumber },
  { header: 'PAN', width: 12, value: (r) => r.pan },
  { header: 'Role', width: 20, value: (r) => r.roleName },
  { header: 'GSTINs', width: 36, value: (r) => r.gstins.join(', ') },
  { header: 'Open notices', width: 12, value: (r) => r.openNotices },
  { header: 'Status', width: 10, value: (r) => r.status },
  { header: 'Last sign-in', width: 22, value: (r) => r.lastLoginAt },
  { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
  { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
];

export const consultantRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.consultantSearch, {
    access: read,
    handler: async (request) => findConsultants(db, consultantWhere(principalOf(request).subscriberId, request.body.filters), request.body),
  });
  serve(app, E.consultantLookup, {
    access: { rights: ['LitigationManagement', 'LitigationEdit'] },
    handler: async (request) => ({ items: await consultantOptions(db, principalOf(request).subscriberId) }),
  });
  serve(app, E.consultantSave, {
    access: { rights: ['UserManage'], entity: 'body' },
    handler: async (request) => saveConsultant(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.consultantUpdateStatus, {
    access: { rights: ['UserManage'] },
    handler: async (request) => ({
      affected: await updateConsultantStatus(ctx, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.consultantDelete, {
    access: { rights: ['UserDelete'] },
    handler: async (request) => ({ affected: await deleteConsultants(ctx, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.consultantExport, {
    access: read,
    handler: async (request, reply) => {
      const { items } = await findConsultants(db, consultantWhere(principalOf(request).subscriberId, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'Consultant',
        sheet: 'Consultants',
        fileName: 'consultants.xlsx',
        columns: COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
};
