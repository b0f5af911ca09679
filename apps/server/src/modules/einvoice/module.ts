import type { AppModule } from '../../platform/module';
import { einvoiceWorkers } from './einvoice.jobs';
import { einvoiceRoutes } from './einvoice.routes';

/** /e-invoice: the documents that need an IRN, and the IRP's generate (one, or many as a background job) and cancel. */
export const einvoiceModule: AppModule = { name: 'einvoice', routes: einvoiceRoutes, jobs: einvoiceWorkers };
