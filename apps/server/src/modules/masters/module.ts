import { routesOf, type AppModule } from '../../platform/module';
import { hsnSearchRoutes } from './hsn-search.routes';
import { masterRoutes } from './masters.routes';
import { ipAddressRoutes } from './ip-addresses/ip-addresses.routes';
import { seriesRoutes } from './series/series.routes';
import { chartOfAccountsRoutes } from './chart-of-accounts/chart-of-accounts.routes';
import { businessPartnerRoutes } from './business-partners/business-partners.routes';
import { hsnSacRoutes } from './hsn-sac/hsn-sac.routes';
import { levelRoutes, noticeTagRoutes, verticalRoutes } from './named-masters/named-masters.routes';
import { consultantRoutes } from './consultants/consultants.routes';

/** States, financial years and return periods (spec core §7 master calls); the public HSN/SAC search; document number series; the IP allow-list. */
export const mastersModule: AppModule = {
  name: 'masters',
  routes: routesOf(
    masterRoutes,
    hsnSearchRoutes,
    seriesRoutes,
    ipAddressRoutes,
    chartOfAccountsRoutes,
    businessPartnerRoutes,
    hsnSacRoutes,
    levelRoutes,
    verticalRoutes,
    noticeTagRoutes,
    consultantRoutes,
  ),
};
