// The e-invoice module's face to other modules.
export { einvoiceModule } from './module';
