import type { AppModule } from '../../platform/module';
import { vendorPaymentRoutes } from './vendor-payment.routes';

/** /initiate-payment, /initiate-payment-invoice, /pay-initiate-payment: vendor payments with the GST portion held back. */
export const vendorPaymentModule: AppModule = { name: 'vendor-payment', routes: vendorPaymentRoutes };
