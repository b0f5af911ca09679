import {
  ADMINISTRATION_API as PATHS, dataOf, MessageSchema, RightsTreeSchema, RoleDeleteSchema, RoleDetailSchema, RoleIdQuerySchema, RoleListSchema,
  RoleSavedSchema, RoleSaveSchema, RoleSearchRequestSchema, type RightId,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { principalOf } from '../../../platform/access.plugin';
import { computeRightsList, heldRightIds } from '../../../platform/rights';
import { deleteRole, rightsTree, roleDetail, saveRole, searchRoles } from './role.service';

/** Roles and rights (spec core §2: /roles, /add-role and /edit-role with their own rights). */
export const roleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const readers = ['RoleView', 'RoleAdd', 'RoleEdit'] as const satisfies readonly RightId[];

  // The user form picks a role from this list, so a user manager may list roles too.
  app.post(PATHS.roleSearch, { config: { access: { rights: [...readers, 'UserManage'] } }, schema: { body: RoleSearchRequestSchema, response: { 200: dataOf(RoleListSchema) } } }, async (request) => ({
    data: await searchRoles(db, principalOf(request).subscriberId, request.body),
  }));

  app.get(PATHS.roleDetail, { config: { access: { rights: readers } }, schema: { querystring: RoleIdQuerySchema, response: { 200: dataOf(RoleDetailSchema) } } }, async (request) => ({
    data: await roleDetail(db, principalOf(request).subscriberId, request.query.roleId),
  }));

  app.get(PATHS.roleRightsTree, { config: { access: { rights: readers } }, schema: { response: { 200: dataOf(RightsTreeSchema) } } }, async (request) => ({
    data: await rightsTree(db, principalOf(request).subscriberId),
  }));

  // Either right opens the route; the handler then asks for the one the action needs (RoleAdd or RoleEdit).
  app.post(PATHS.roleSave, { config: { access: { rights: ['RoleAdd', 'RoleEdit'] } }, schema: { body: RoleSaveSchema, response: { 200: dataOf(RoleSavedSchema) } } }, async (request) => {
    const principal = principalOf(request);
    const needed: RightId = request.body.roleId === undefined ? 'RoleAdd' : 'RoleEdit';
    const held = heldRightIds(await computeRightsList(db, principal.subscriberId, principal.roleId, ctx.now()));
    if (!held.has(needed)) throw new AppError('GEN0002');
    return { data: await saveRole(db, principal, request.body, ctx.now(), request.ip) };
  });

  app.post(PATHS.roleDelete, { config: { access: { rights: ['RoleDelete'] } }, schema: { body: RoleDeleteSchema, response: { 200: dataOf(MessageSchema) } } }, async (request) => {
    await deleteRole(db, principalOf(request), request.body.roleId, request.ip);
    return { data: { message: 'Role deleted.' } };
  });
};
