import { routesOf, type AppModule } from '../../platform/module';
import { hsnSearchRoutes } from './hsn-search.routes';
import { masterRoutes } from './masters.routes';
import { ipAddressRoutes } from './ip-addresses/ip-addresses.routes';
import { seriesRoutes } from './series/series.routes';

/** States, financial years and return periods (spec core §7 master calls); the public HSN/SAC search; document number series; the IP allow-list. */
export const mastersModule: AppModule = { name: 'masters', routes: routesOf(masterRoutes, hsnSearchRoutes, seriesRoutes, ipAddressRoutes) };
