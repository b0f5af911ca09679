// The public taxpayer search (GET /commonapi/:version/search?action=TP&gstin=): any GSTIN with a valid check character
// is a registered taxpayer here (README.md "Taxpayers"), so it answers Active, with the kind of taxpayer its GSTIN's
// shape tells and the date the sandbox first saw it (its first OTP request), else the day GST began. The sandbox keeps
// no names, so none are answered. README.md "Taxpayer search" says where it differs from the portal.
import { validateGstin, type GstinKind } from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { FAULTS } from './faults';
import type { Sandbox } from './sandbox';
import { queryOf } from './wire';

/** The portal's words for the kind of taxpayer ('dty'), by the GSTIN's shape. */
const TAXPAYER_TYPES: Record<GstinKind, string> = {
  regular: 'Regular',
  tds: 'Tax Deductor',
  tcs: 'Tax Collector (Electronic Commerce Operator)',
  government: 'Government Department',
  nonResident: 'Non Resident Taxable Person',
  oidar: 'Non Resident Online Services Provider',
  uin: 'UN Body / Embassy / Other Notified Person',
};

/** GST began on 1 July 2017: the registration date of a GSTIN the sandbox has not seen sign in. */
const GST_START = '01/07/2017';

const slashDate = (value: Date | string): string => {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
};

export const taxpayerSearchRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.get('/commonapi/:version/search', async (request) => {
    const query = queryOf(request);
    if (query['action'] !== 'TP') throw FAULTS.invalidAction(query['action'] ?? '');
    const checked = validateGstin(query['gstin'] ?? '');
    if (!checked.ok) throw FAULTS.invalidGstin();
    const [known] = await sandbox.sql.query<{ registered_at: Date | string }>(
      'SELECT registered_at FROM portal_sandbox.taxpayers WHERE gstin = $1',
      [checked.gstin],
    );
    return {
      status_cd: '1',
      data: {
        gstin: checked.gstin,
        sts: 'Active',
        dty: TAXPAYER_TYPES[checked.kind],
        rgdt: known ? slashDate(known.registered_at) : GST_START,
        cxdt: '',
        stjCd: checked.stateCode,
      },
    };
  });
};
