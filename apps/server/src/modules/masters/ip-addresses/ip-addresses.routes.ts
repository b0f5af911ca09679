// Routes of /ip-addresses (right MasterIpAddresses): the subscriber's sign-in allow-list, and the address the request
// comes from (request.ip, see ip-addresses.service.ts for how it is taken).
import { IP_ADDRESS_ENDPOINTS as E, type IpAddress } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import { findIpAddresses, ipAddressWhere } from './ip-addresses.repo';
import { currentIpAddress, deleteIpAddresses, saveIpAddress, updateIpAddressStatus } from './ip-addresses.service';

const access = { rights: ['MasterIpAddresses'] } as const;

const COLUMNS: readonly XlsxColumn<IpAddress>[] = [
  { header: 'IP address or range', width: 30, value: (r) => r.address },
  { header: 'Version', width: 9, value: (r) => `IPv${r.version}` },
  { header: 'Addresses', width: 16, value: (r) => r.size },
  { header: 'Description', width: 36, value: (r) => r.description },
  { header: 'Status', width: 10, value: (r) => r.status },
  { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
  { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
];

export const ipAddressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.ipAddressSearch, {
    access,
    handler: async (request) => findIpAddresses(db, ipAddressWhere(principalOf(request).subscriberId, request.body.filters), request.body),
  });
  serve(app, E.ipAddressCurrent, { access, handler: async (request) => currentIpAddress(db, principalOf(request), request.ip) });
  serve(app, E.ipAddressSave, { access, handler: async (request) => saveIpAddress(db, principalOf(request), request.body, request.ip) });
  serve(app, E.ipAddressUpdateStatus, {
    access,
    handler: async (request) => ({
      affected: await updateIpAddressStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.ipAddressDelete, {
    access,
    handler: async (request) => ({ affected: await deleteIpAddresses(db, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.ipAddressExport, {
    access,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { items } = await findIpAddresses(db, ipAddressWhere(principal.subscriberId, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'IpAddress',
        sheet: 'IP addresses',
        fileName: 'ip-addresses.xlsx',
        columns: COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
};
