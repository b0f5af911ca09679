import { USER_ENDPOINTS as USERS, type UserListItem } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import { searchUsers, userDetail } from './user.queries';
import { deleteUsers, requestPasswordReset, saveUser, updateUserStatus } from './user.service';

/** An export holds every matching user, up to this many (a subscriber has far fewer). */
const EXPORT_LIMIT = 100_000;

const EXPORT_COLUMNS: readonly XlsxColumn<UserListItem>[] = [
  { header: 'User name', width: 24, value: (u) => u.userName },
  { header: 'Name', width: 24, value: (u) => u.displayName },
  { header: 'E-mail', width: 30, value: (u) => u.email },
  { header: 'Mobile', width: 16, value: (u) => u.mobile },
  { header: 'Role', width: 18, value: (u) => u.roleName },
  { header: 'Branch', width: 18, value: (u) => u.branchName },
  { header: 'Department', width: 18, value: (u) => u.departmentName },
  { header: 'Status', width: 12, value: (u) => u.status },
  { header: 'Last sign-in', width: 22, value: (u) => u.lastLoginAt },
];

/** Users (spec core §7 "Users"); API access lives in api-access.routes.ts. */
export const userAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, USERS.userSearch, {
    access: { rights: ['UserView', 'UserManage'] },
    handler: async (request) => searchUsers(db, principalOf(request).subscriberId, request.body),
  });

  serve(app, USERS.userDetail, {
    access: { rights: ['UserView', 'UserManage'] },
    handler: async (request) => userDetail(db, principalOf(request).subscriberId, request.query.userId),
  });

  serve(app, USERS.userExport, {
    access: { rights: ['UserExport'] },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { items } = await searchUsers(db, principal.subscriberId, { ...request.body, start: 0, size: EXPORT_LIMIT });
      const file = await writeXlsx('Users', EXPORT_COLUMNS, items);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'User',
          entityKey: 'export',
          action: 'Export',
          after: { filters: request.body.filters ?? {}, rows: items.length },
          ip: request.ip,
        }),
      );
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', 'attachment; filename="users.xlsx"').send(file);
    },
  });

  serve(app, USERS.userSave, {
    access: { rights: ['UserManage'], entity: 'body' },
    handler: async (request) => saveUser(ctx, principalOf(request), request.body, request.ip),
  });

  serve(app, USERS.userUpdateStatus, {
    access: { rights: ['UserManage'] },
    handler: async (request) => {
      const affected = await updateUserStatus(ctx, principalOf(request), request.body.userIds, request.body.status, request.ip);
      return { affected, message: `${affected} user${affected === 1 ? '' : 's'} set to ${request.body.status}.` };
    },
  });

  serve(app, USERS.userDelete, {
    access: { rights: ['UserDelete'] },
    handler: async (request) => {
      const affected = await deleteUsers(ctx, principalOf(request), request.body.userIds, request.ip);
      return { affected, message: `${affected} user${affected === 1 ? '' : 's'} deleted.` };
    },
  });

  serve(app, USERS.userResetPassword, {
    access: { rights: ['UserManage'] },
    handler: async (request) => {
      await requestPasswordReset(ctx, principalOf(request), request.body.userId, request.ip);
      return { message: "A link to reset the password has been sent to the user's e-mail address." };
    },
  });
};
