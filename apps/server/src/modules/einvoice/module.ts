import { routesOf, type AppModule } from '../../platform/module';
import { einvoiceQrRoutes } from './einvoice-qr.routes';
import { einvoiceWorkers } from './einvoice.jobs';
import { einvoiceRoutes } from './einvoice.routes';

/**
 * /e-invoice: the documents that need an IRN, and the IRP's generate (one, or many as a background job) and cancel;
 * the printed e-invoice; /einvoice-via-pdf-qrcode: a signed QR read back from a file and verified.
 */
export const einvoiceModule: AppModule = { name: 'einvoice', routes: routesOf(einvoiceRoutes, einvoiceQrRoutes), jobs: einvoiceWorkers };
