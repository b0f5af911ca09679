import type { AppModule } from '../../platform/module';
import { paymentsRoutes } from './payments.routes';

/** GST challans (PMT-06) generated, kept and paid in the sandbox; the electronic ledgers read from the portal. */
export const paymentsModule: AppModule = { name: 'payments', routes: paymentsRoutes };
