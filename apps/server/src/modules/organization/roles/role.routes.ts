import { ROLE_ENDPOINTS as ROLES, type RightId } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { principalOf } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';
import { computeRightsList, heldRightIds } from '../../../platform/rights';
import { deleteRole, rightsTree, roleDetail, saveRole, searchRoles } from './role.service';

/** Roles and rights (spec core §2: /roles, /add-role and /edit-role with their own rights). */
export const roleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const readers = ['RoleView', 'RoleAdd', 'RoleEdit'] as const satisfies readonly RightId[];

  // The user form picks a role from this list, so a user manager may list roles too.
  serve(app, ROLES.roleSearch, {
    access: { rights: [...readers, 'UserManage'] },
    handler: async (request) => searchRoles(db, principalOf(request).subscriberId, request.body),
  });

  serve(app, ROLES.roleDetail, {
    access: { rights: readers },
    handler: async (request) => roleDetail(db, principalOf(request).subscriberId, request.query.roleId),
  });

  serve(app, ROLES.roleRightsTree, {
    access: { rights: readers },
    handler: async (request) => rightsTree(db, principalOf(request).subscriberId),
  });

  // Either right opens the route; the handler then asks for the one the action needs (RoleAdd or RoleEdit).
  serve(app, ROLES.roleSave, {
    access: { rights: ['RoleAdd', 'RoleEdit'] },
    handler: async (request) => {
      const principal = principalOf(request);
      const needed: RightId = request.body.roleId === undefined ? 'RoleAdd' : 'RoleEdit';
      const held = heldRightIds(await computeRightsList(db, principal.subscriberId, principal.roleId, ctx.now()));
      if (!held.has(needed)) throw new AppError('GEN0002');
      return saveRole(db, principal, request.body, ctx.now(), request.ip);
    },
  });

  serve(app, ROLES.roleDelete, {
    access: { rights: ['RoleDelete'] },
    handler: async (request) => {
      await deleteRole(db, principalOf(request), request.body.roleId, request.ip);
      return { message: 'Role deleted.' };
    },
  });
};
