// /einvoice-via-pdf-qrcode's upload (multipart, field `file`): a PDF, JPG, PNG or TXT of at most 5 MB, read and
// forgotten (not stored). Right EInvoicePdfQr (the screen's); the document looked up is within the user's locations.
import multipart from '@fastify/multipart';
import { dataOf, EINVOICE_ENDPOINTS as E, EINVOICE_QR_MAX_BYTES } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { readEinvoiceQr } from './einvoice-qr.service';

const access = { rights: ['EInvoicePdfQr'] } as const satisfies RouteAccess;

export const einvoiceQrRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Only this plugin takes these uploads, so multipart is registered in its scope alone.
  await app.register(multipart, { limits: { fileSize: EINVOICE_QR_MAX_BYTES, files: 1, fields: 5 } });

  // Multipart, so registered by hand (as file/upload is).
  app.post(
    E.einvoiceReadQr.path,
    { config: { access }, schema: { response: { 200: dataOf(E.einvoiceReadQr.response) } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('IMP0021');
      const file = await request.file();
      if (!file) throw new AppError('IMP0021');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('EIN0005', { propertyName: 'file' });
        throw error;
      }
      return { data: await readEinvoiceQr(ctx, principalOf(request), { fileName: file.filename, bytes }, request.ip) };
    },
  );
};
