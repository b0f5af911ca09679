import { MASTERS_ENDPOINTS } from '@opengst/contracts';
import { financialYearOf, periodsOf, STATES, istDateOf } from '@opengst/domain';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { financialYears } from '../../db/schema';
import { serve } from '../../platform/endpoint';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "102026" reads "Oct 2026" (UI.md: periods as "Oct 2026" with MMYYYY beneath where the portal form matters). */
const periodLabel = (period: string): string => `${MONTHS[Number(period.slice(0, 2)) - 1]} ${period.slice(2)}`;

const signedIn = { signedIn: true } as const;

export const masterRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, MASTERS_ENDPOINTS.states, {
    access: signedIn,
    handler: async () =>
      STATES.filter((s) => s.status === 'active').map((s) => ({
        code: s.code,
        name: s.name,
        isUnionTerritory: s.kind === 'UnionTerritory',
      })),
  });

  serve(app, MASTERS_ENDPOINTS.financialYears, {
    access: signedIn,
    handler: async () => ctx.database.db.select().from(financialYears).orderBy(asc(financialYears.startDate)),
  });

  // Monthly periods (regular filers) or quarter-end periods (QRMP and job work, ITC-04), up to the current month.
  serve(app, MASTERS_ENDPOINTS.returnPeriods, {
    access: signedIn,
    handler: async (request) => {
      const today = istDateOf(ctx.now());
      const financialYear = request.query.financialYear ?? financialYearOf(today);
      const current = today.slice(0, 7);
      const periods = periodsOf(financialYear, request.query.jobWork === 'true' ? 'quarterly' : 'monthly').filter(
        (p) => `${p.slice(2)}-${p.slice(0, 2)}` <= current,
      );
      return periods.map((value) => ({ value, label: periodLabel(value), financialYear }));
    },
  });
};
