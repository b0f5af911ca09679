import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { EncryptorSchema } from '../auth/auth.schemas';
import {
  IrpCancelRequestSchema,
  IrpCancelResultSchema,
  IrpClientRegisterRequestSchema,
  IrpClientRevokeRequestSchema,
  IrpClientSystemSchema,
  IrpInvoiceListRequestSchema,
  IrpInvoiceListSchema,
  IrpLoadSettingsSchema,
  IrpLoginMetadataSchema,
  IrpLoginRequestSchema,
  IrpRegisteredClientSchema,
  IrpRequestQuerySchema,
  IrpSessionSchema,
  IrpSwitchRequestSchema,
  IrpSwitchSchema,
} from './irp-portal.schemas';

// The e-invoicing portal's API (spec core §7: IRP login metadata, IRP load settings, the IRP variant of
// public/encryptor/get; a user token fetched by request on an IRP switch). Signed-in calls carry irp-auth-token.
export const IRP_PORTAL_ENDPOINTS = {
  loginMetadata: defineEndpoint({ method: 'GET', path: `${API_ROOT}/irp/loginMetadata`, response: IrpLoginMetadataSchema }),
  /** A one-time AES key for the portal login's password (enc-id header). */
  encryptor: defineEndpoint({ method: 'GET', path: `${API_ROOT}/public/irp/encryptor/get`, response: EncryptorSchema }),
  login: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/irp/authenticate/token`,
    body: IrpLoginRequestSchema,
    response: IrpSessionSchema,
  }),
  /** /portal-redirect: the product's one-time request token swapped for a portal session of its GSTIN. */
  userToken: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/irp/authenticate/userToken`,
    query: IrpRequestQuerySchema,
    response: IrpSessionSchema,
  }),
  loadSettings: defineEndpoint({ method: 'GET', path: `${API_ROOT}/irp/loadsettings`, response: IrpLoadSettingsSchema }),
  logout: defineEndpoint({ method: 'GET', path: `${API_ROOT}/irp/logout`, response: 'empty' }),
  invoices: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/irp/einvoices`,
    body: IrpInvoiceListRequestSchema,
    response: IrpInvoiceListSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/irp/einvoices/cancel`,
    body: IrpCancelRequestSchema,
    response: IrpCancelResultSchema,
  }),
  clients: defineEndpoint({ method: 'GET', path: `${API_ROOT}/irp/apiRegistration`, response: z.array(IrpClientSystemSchema) }),
  registerClient: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/irp/apiRegistration/register`,
    body: IrpClientRegisterRequestSchema,
    response: IrpRegisteredClientSchema,
  }),
  revokeClient: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/irp/apiRegistration/revoke`,
    body: IrpClientRevokeRequestSchema,
    response: IrpClientSystemSchema,
  }),
  /** The product's side of the switch (signed in with auth-token, an e-invoice right): the portal's URL with a request token. */
  irpSwitch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/einvoice/irpSwitch`,
    body: IrpSwitchRequestSchema,
    response: IrpSwitchSchema,
  }),
};
export const IRP_PORTAL_API = pathsOf(IRP_PORTAL_ENDPOINTS);
