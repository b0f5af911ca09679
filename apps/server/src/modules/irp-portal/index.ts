// The irp-portal module's face to other modules.
export { irpPortalModule } from './module';
