import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { AuthResponseSchema } from '../auth/auth.schemas';
import { IrpRequestQuerySchema } from './irp-portal.schemas';

// /initialize?request=... (spec core §2 "swaps a request token for a session", §7 "a user token is fetched by request on
// initialisation"): another system, signed in with its user's API key, asks for a one-time request token, and sends
// the user to /initialize with it; the page swaps it for a session of that user.
export const RequestTokenSchema = z.object({ request: z.string(), expiresAt: z.string(), url: z.string() });
export type RequestToken = z.infer<typeof RequestTokenSchema>;

export const REQUEST_TOKEN_ENDPOINTS = {
  /** For the caller's own user (an API key as auth-token): a request token valid 2 minutes, once. */
  requestToken: defineEndpoint({ method: 'POST', path: `${API_ROOT}/authenticate/requestToken`, response: RequestTokenSchema }),
  /** The request token swapped for a session of its user (the sign-in answer's shape). */
  userToken: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/authenticate/userToken`,
    query: IrpRequestQuerySchema,
    response: AuthResponseSchema,
  }),
};
export const REQUEST_TOKEN_API = pathsOf(REQUEST_TOKEN_ENDPOINTS);
