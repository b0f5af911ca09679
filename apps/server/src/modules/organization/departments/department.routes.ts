import {
  DepartmentSaveRequestSchema, DepartmentSchema, BulkResultSchema, dataOf, NamedRecordFiltersSchema, ORGANIZATION_API, RecordDeleteRequestSchema,
  RecordDetailQuerySchema, RecordUpdateStatusRequestSchema,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { listRequestSchema, listResponseSchema } from '../../../platform/lists';
import { principalOf } from '../../../platform/access.plugin';
import { deleteDepartments, findDepartment, saveDepartment, searchDepartments, updateDepartmentStatus } from './department.service';

const view = { access: { rights: ['DepartmentView', 'DepartmentManage'] } } as const;
const manage = { access: { rights: ['DepartmentManage'] } } as const;

export const departmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.post(ORGANIZATION_API.departmentSearch, {
    config: view,
    schema: { body: listRequestSchema(NamedRecordFiltersSchema), response: { 200: dataOf(listResponseSchema(DepartmentSchema)) } },
  }, async (request) => ({ data: await searchDepartments(db, principalOf(request), request.body) }));

  app.get(ORGANIZATION_API.departmentDetail, {
    config: view,
    schema: { querystring: RecordDetailQuerySchema, response: { 200: dataOf(DepartmentSchema) } },
  }, async (request) => ({ data: await findDepartment(db, principalOf(request), request.query.id) }));

  app.post(ORGANIZATION_API.departmentSave, {
    config: manage,
    schema: { body: DepartmentSaveRequestSchema, response: { 200: dataOf(DepartmentSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const id = await saveDepartment(db, principal, request.body, request.ip);
    return { data: await findDepartment(db, principal, id) };
  });

  app.post(ORGANIZATION_API.departmentUpdateStatus, {
    config: manage,
    schema: { body: RecordUpdateStatusRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => ({ data: { affected: await updateDepartmentStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip) } }));

  app.post(ORGANIZATION_API.departmentDelete, {
    config: manage,
    schema: { body: RecordDeleteRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => ({ data: { affected: await deleteDepartments(db, principalOf(request), request.body.ids, request.ip) } }));
};
