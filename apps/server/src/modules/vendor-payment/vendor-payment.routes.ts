// Routes of vendor payments (spec core §2 /initiate-payment, /initiate-payment-invoice, /pay-initiate-payment), all
// under the VendorPayment right. Entity ids in a request are checked by the access plugin (404 another subscriber's,
// 403 a location the user may not see); invoices named by id are looked up within the user's locations only.
import { VENDOR_PAYMENT_ENDPOINTS as E, VENDOR_PAYMENT_EXPORT_FILE, VENDOR_PAYMENT_TEXT as T } from '@opengst/contracts';
import { indiaDateOf } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXCEL_AMOUNT, EXCEL_DATE, excelDate, writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../files/xlsx-writer';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/access.plugin';
import { writeAudit } from '../../platform/audit';
import { serve } from '../../platform/endpoint';
import { allVendors, recordPayment, recordRelease, searchVendors, vendorInvoices } from './vendor-payment.service';
import type { VendorPaymentRow } from '@opengst/contracts';

const rupees = (paise: number) => paise / 100;
const money = (header: string, value: (row: VendorPaymentRow) => number): XlsxColumn<VendorPaymentRow> => ({
  header,
  width: 16,
  numFmt: EXCEL_AMOUNT,
  value: (row) => rupees(value(row)),
});

/** The vendor list's export: the grid's columns, amounts in rupees. */
const EXPORT_COLUMNS: readonly XlsxColumn<VendorPaymentRow>[] = [
  { header: T['vendorPayment.supplierGstin'], width: 18, value: (r) => r.supplierGstin },
  { header: T['vendorPayment.supplierName'], width: 32, value: (r) => r.supplierName },
  { header: T['vendorPayment.openInvoices'], width: 10, value: (r) => r.openInvoices },
  money(T['vendorPayment.invoiceValue'], (r) => r.invoiceValue),
  money(T['vendorPayment.tax'], (r) => r.tax),
  money(T['vendorPayment.outstanding'], (r) => r.outstanding),
  money(T['vendorPayment.payableNow'], (r) => r.payableNow),
  money(T['vendorPayment.holdNow'], (r) => r.holdNow),
  money(T['vendorPayment.held'], (r) => r.held),
  money(T['vendorPayment.releasable'], (r) => r.releasable),
  { header: T['vendorPayment.overdue'], width: 10, value: (r) => r.overdueInvoices },
  { header: T['vendorPayment.dueSoon'], width: 10, value: (r) => r.dueSoonInvoices },
  money(T['vendorPayment.itcToReverse'], (r) => r.itcToReverse),
  money(T['vendorPayment.interest'], (r) => r.interest),
  { header: T['vendorPayment.earliestDue'], width: 14, numFmt: EXCEL_DATE, value: (r) => excelDate(r.earliestDueDate) },
];

export const vendorPaymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // Holds and the Rule 37 clock are counted to today in India, where the 180 days run.
  const today = () => indiaDateOf(ctx.now());

  serve(app, E.vendors, {
    access: { rights: ['VendorPayment'], entity: 'body' },
    handler: async (request) => searchVendors(db, principalOf(request), request.body, today()),
  });

  serve(app, E.vendorsExport, {
    access: { rights: ['VendorPayment'], entity: 'body' },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { rows } = await allVendors(db, principal, request.body, today());
      const content = await writeXlsx(T['vendorPayment.title'], EXPORT_COLUMNS, rows);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'VendorPayment',
          entityKey: 'vendors',
          entityName: `${T['vendorPayment.title']} export`,
          action: 'Export',
          after: { filters: request.body.filters ?? {}, rows: rows.length },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${VENDOR_PAYMENT_EXPORT_FILE}"`)
        .send(content);
    },
  });

  serve(app, E.invoices, {
    access: { rights: ['VendorPayment'], entity: 'body' },
    handler: async (request) => ({ items: await vendorInvoices(db, principalOf(request), request.body, today()) }),
  });

  serve(app, E.pay, {
    access: { rights: ['VendorPayment'] },
    handler: async (request) => recordPayment(db, principalOf(request), request.body, today()),
  });

  serve(app, E.release, {
    access: { rights: ['VendorPayment'] },
    handler: async (request) => recordRelease(db, principalOf(request), request.body, today()),
  });
};
