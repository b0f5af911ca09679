// Routes of /ip-addresses (right MasterIpAddresses): the subscriber's sign-in allow-list, and the address the request
// comes from (request.ip, see ip-addresses.service.ts for how it is taken).
import { IP_ADDRESS_ENDPOINTS as E, type IpAddress } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { findIpAddresses, ipAddressWhere } from './ip-addresses.repo';
import { currentIpAddress, deleteIpAddresses, saveIpAddress, updateIpAddressStatus } from './ip-addresses.service';

/** An export holds every matching row up to this many (a subscriber lists tens of addresses). */
const EXPORT_LIMIT = 100_000;
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
        size: EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      const file = await writeXlsx('IP addresses', COLUMNS, items);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'IpAddress',
          entityKey: 'export',
          action: 'Export',
          after: { filters: request.body.filters ?? {}, rows: items.length },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="ip-addresses.xlsx"')
        .send(file);
    },
  });
};
