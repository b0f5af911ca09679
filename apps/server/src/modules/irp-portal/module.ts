import type { AppModule } from '../../platform/module';
import { irpPortalRoutes } from './irp-portal.routes';

/** The e-invoicing portal of IRP mode (spec core §1, §7): its sign-in, the switch from the product, its screens' data. */
export const irpPortalModule: AppModule = { name: 'irp-portal', routes: irpPortalRoutes };
