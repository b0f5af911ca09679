import {
  BranchSaveRequestSchema, BranchSchema, BulkResultSchema, dataOf, NamedRecordFiltersSchema, ORGANIZATION_API, RecordDeleteRequestSchema,
  RecordDetailQuerySchema, RecordUpdateStatusRequestSchema,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { listRequestSchema, listResponseSchema } from '../../../platform/lists';
import { principalOf } from '../../../platform/access.plugin';
import { deleteBranches, findBranch, saveBranch, searchBranches, updateBranchStatus } from './branch.service';

const view = { access: { rights: ['BranchView', 'BranchManage'] } } as const;
const manage = { access: { rights: ['BranchManage'] } } as const;

export const branchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.post(ORGANIZATION_API.branchSearch, {
    config: view,
    schema: { body: listRequestSchema(NamedRecordFiltersSchema), response: { 200: dataOf(listResponseSchema(BranchSchema)) } },
  }, async (request) => ({ data: await searchBranches(db, principalOf(request), request.body) }));

  app.get(ORGANIZATION_API.branchDetail, {
    config: view,
    schema: { querystring: RecordDetailQuerySchema, response: { 200: dataOf(BranchSchema) } },
  }, async (request) => ({ data: await findBranch(db, principalOf(request), request.query.id) }));

  app.post(ORGANIZATION_API.branchSave, {
    config: manage,
    schema: { body: BranchSaveRequestSchema, response: { 200: dataOf(BranchSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const id = await saveBranch(db, principal, request.body, request.ip);
    return { data: await findBranch(db, principal, id) };
  });

  app.post(ORGANIZATION_API.branchUpdateStatus, {
    config: manage,
    schema: { body: RecordUpdateStatusRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => ({ data: { affected: await updateBranchStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip) } }));

  app.post(ORGANIZATION_API.branchDelete, {
    config: manage,
    schema: { body: RecordDeleteRequestSchema, response: { 200: dataOf(BulkResultSchema) } },
  }, async (request) => ({ data: { affected: await deleteBranches(db, principalOf(request), request.body.ids, request.ip) } }));
};
