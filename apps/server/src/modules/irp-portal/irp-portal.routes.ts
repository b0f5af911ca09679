// The e-invoicing portal's routes (README.md "IRP mode"). Its host uses its own auth (spec core §7): the routes are
// public to the product's access plugin and each signed-in one checks the irp-auth-token session of a GSTIN's e-invoice
// user itself (401 IRP0002); the sign-in steps are rate-limited per address as the product's are. The switch from the
// product (einvoice/irpSwitch) is a product route: an e-invoice right and the location's access.
import { HEADERS, IRP_PORTAL_ENDPOINTS, IRP_PORTAL_HEADERS } from '@opengst/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import {
  irpCancel,
  irpClients,
  irpEncryptor,
  irpInvoices,
  irpLoadSettings,
  irpLogin,
  irpLoginMetadata,
  irpLogout,
  irpRegisterClient,
  irpRevokeClient,
  irpSwapRequest,
  irpSwitch,
} from './irp-portal.service';

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};
const tokenOf = (request: FastifyRequest) => headerOf(request, IRP_PORTAL_HEADERS.authToken);

export const irpPortalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const open = { public: true } as const;
  const signIn = { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };
  const E = IRP_PORTAL_ENDPOINTS;

  serve(app, E.loginMetadata, { access: open, handler: async () => irpLoginMetadata(ctx) });
  serve(app, E.encryptor, { access: open, config: signIn, handler: async () => irpEncryptor(ctx) });
  serve(app, E.login, {
    access: open,
    config: signIn,
    handler: async (request) => irpLogin(ctx, request.body, headerOf(request, HEADERS.encId)),
  });
  serve(app, E.userToken, { access: open, config: signIn, handler: async (request) => irpSwapRequest(ctx, request.query.request) });
  serve(app, E.loadSettings, { access: open, handler: async (request) => irpLoadSettings(ctx, tokenOf(request)) });
  serve(app, E.logout, {
    access: open,
    handler: async (request) => {
      await irpLogout(ctx, tokenOf(request));
    },
  });
  serve(app, E.invoices, { access: open, handler: async (request) => irpInvoices(ctx, tokenOf(request), request.body) });
  serve(app, E.cancel, { access: open, handler: async (request) => irpCancel(ctx, tokenOf(request), request.body) });
  serve(app, E.clients, { access: open, handler: async (request) => irpClients(ctx, tokenOf(request)) });
  serve(app, E.registerClient, {
    access: open,
    handler: async (request) => irpRegisterClient(ctx, tokenOf(request), request.body.name),
  });
  serve(app, E.revokeClient, {
    access: open,
    handler: async (request) => irpRevokeClient(ctx, tokenOf(request), request.body.clientId),
  });

  serve(app, E.irpSwitch, {
    access: { rights: ['EInvoiceView', 'EInvoiceGenerate'], entity: 'body' },
    config: signIn,
    handler: async (request) => irpSwitch(ctx, principalOf(request), request.body.entityId),
  });
};
