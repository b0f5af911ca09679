// Routes of /business-partners (right MasterBusinessPartners): the subscriber's vendors and customers with their
// contacts, and the GSTIN status check through the GST portal.
import { BUSINESS_PARTNER_ENDPOINTS as E, type BusinessPartner } from '@opengst/contracts';
import { tdsSectionLabel } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import { businessPartnerWhere, findBusinessPartners } from './business-partners.repo';
import {
  checkBusinessPartnerGstins,
  deleteBusinessPartners,
  saveBusinessPartner,
  updateBusinessPartnerStatus,
} from './business-partners.service';

const access = { rights: ['MasterBusinessPartners'] } as const;

const contactsText = (row: BusinessPartner) =>
  row.contacts
    .map((c) => [c.name, c.designation, c.email, c.phone, c.receivesNotifications ? null : 'no notifications'].filter(Boolean).join(', '))
    .join('; ');

const COLUMNS: readonly XlsxColumn<BusinessPartner>[] = [
  { header: 'Legal name', width: 32, value: (r) => r.legalName },
  { header: 'Trade name', width: 24, value: (r) => r.tradeName },
  { header: 'GSTIN', width: 17, value: (r) => r.gstin },
  { header: 'PAN', width: 12, value: (r) => r.pan },
  { header: 'Code', width: 14, value: (r) => r.code },
  { header: 'Type', width: 10, value: (r) => r.partnerType },
  { header: 'State code', width: 8, value: (r) => r.stateCode },
  { header: 'State', width: 20, value: (r) => r.stateName },
  { header: 'City', width: 16, value: (r) => r.city },
  { header: 'Address', width: 36, value: (r) => r.address },
  { header: 'Pincode', width: 9, value: (r) => r.pincode },
  { header: 'E-mail', width: 28, value: (r) => r.email },
  { header: 'Phone', width: 16, value: (r) => r.phone },
  { header: 'Udyam number', width: 21, value: (r) => r.msmeNumber },
  { header: 'MSME class', width: 10, value: (r) => r.msmeClass },
  { header: 'MSME activity', width: 14, value: (r) => r.msmeActivity },
  { header: 'TDS section', width: 30, value: (r) => (r.tdsSection ? tdsSectionLabel(r.tdsSection) : null) },
  { header: 'GSTIN status', width: 12, value: (r) => r.gstinStatus },
  { header: 'Taxpayer type', width: 16, value: (r) => r.taxpayerType },
  { header: 'GSTIN checked', width: 22, value: (r) => r.gstinCheckedAt },
  { header: 'Contacts', width: 40, value: contactsText },
  { header: 'Status', width: 10, value: (r) => r.status },
  { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
  { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
];

export const businessPartnerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.businessPartnerSearch, {
    access,
    handler: async (request) => {
      const { subscriberId } = principalOf(request);
      return findBusinessPartners(db, subscriberId, businessPartnerWhere(subscriberId, request.body.filters), request.body);
    },
  });
  serve(app, E.businessPartnerSave, {
    access,
    handler: async (request) => saveBusinessPartner(db, principalOf(request), request.body, request.ip),
  });
  serve(app, E.businessPartnerUpdateStatus, {
    access,
    handler: async (request) => ({
      affected: await updateBusinessPartnerStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.businessPartnerDelete, {
    access,
    handler: async (request) => ({ affected: await deleteBusinessPartners(db, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.businessPartnerCheckGstin, {
    access,
    handler: async (request) => checkBusinessPartnerGstins(db, ctx.gstPortal, principalOf(request), request.body.ids, request.ip),
  });
  serve(app, E.businessPartnerExport, {
    access,
    handler: async (request, reply) => {
      const { subscriberId } = principalOf(request);
      const { items } = await findBusinessPartners(db, subscriberId, businessPartnerWhere(subscriberId, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'BusinessPartner',
        sheet: 'Business partners',
        fileName: 'business-partners.xlsx',
        columns: COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
};
