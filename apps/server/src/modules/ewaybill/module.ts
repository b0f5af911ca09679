import { routesOf, type AppModule } from '../../platform/module';
import { ewaybillRoutes } from './ewaybill.routes';

/**
 * /e-way-bill: the documents that move goods and their e-way bills (generate, Part B, transporter, extend, cancel,
 * read back); /consolidated-eway-bill: trip sheets of several e-way bills and their regeneration.
 */
export const ewaybillModule: AppModule = { name: 'ewaybill', routes: routesOf(ewaybillRoutes) };
