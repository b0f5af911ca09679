import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  EnumByTypeQuerySchema,
  EnumItemSchema,
  ReplyDetailRequestSchema,
  ReplyDetailResponseSchema,
  ReplyFileDeleteSchema,
  ReplyFileIdQuerySchema,
  ReplyOptionSchema,
  ReplyOptionsQuerySchema,
  ReplySubmitSchema,
  ReplyUploadedFileSchema,
  ReplyValidateQuerySchema,
  ReplyValidateResponseSchema,
  ShortUrlQuerySchema,
  ShortUrlResponseSchema,
} from './public-reply.schemas';

// The public notification-reply calls (spec modules §7). validate and shortUrl take no token; every other call sends
// the public-auth-token that validate answered, which reaches that one notification only. The spec's "public flag" on
// detail, file/upload, file/download, file/delete and the enum lookup is a path of its own under the public side, so
// the signed-in buyer's calls of the same names keep their rights.
export const PUBLIC_REPLY_ENDPOINTS = {
  /** An invalid, tampered, expired or revoked link answers 401 AUTH0016 (the page goes to UnauthorizedAccess). */
  validate: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/gst/notification/reply/validate`,
    query: ReplyValidateQuerySchema,
    response: ReplyValidateResponseSchema,
  }),
  /** One page of the token's notification's documents; another notification's id answers 404. */
  detail: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/gst/notification/reply/detail`,
    body: ReplyDetailRequestSchema,
    response: ReplyDetailResponseSchema,
  }),
  /** Field errors (422) name Documents[i].ActionTaken, Documents[i].RectificationDate or ReceiverRemarks; 204 on success. */
  reply: defineEndpoint({ method: 'POST', path: `${API_ROOT}/gst/notification/reply`, body: ReplySubmitSchema, response: 'empty' }),
  /** The replies lookup: the options a counterparty may choose for the source type. */
  options: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/gst/notification/reply/options`,
    query: ReplyOptionsQuerySchema,
    response: z.array(ReplyOptionSchema),
  }),
  /** Enum by type with the public flag: attachment origin, IMS action (suffix ImsAll, group ImsReconciliation), return type. */
  enumByType: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/public/enum/byType`,
    query: EnumByTypeQuerySchema,
    response: z.array(EnumItemSchema),
  }),
  /** Unknown or expired short code: 400 (the page goes to Error400). */
  shortUrl: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/public/shortUrl`,
    query: ShortUrlQuerySchema,
    response: ShortUrlResponseSchema,
  }),
  /** Multipart with the field `file`: PDF, JPEG, PNG, XLSX or CSV read from the bytes, else 422; data.id is the reference. */
  upload: defineEndpoint({ method: 'POST', path: `${API_ROOT}/public/file/upload`, response: ReplyUploadedFileSchema }),
  /** A file this link uploaded. */
  download: defineEndpoint({ method: 'GET', path: `${API_ROOT}/public/file/download`, query: ReplyFileIdQuerySchema, response: 'file' }),
  /** Removes a file this link uploaded that no submitted reply names yet. */
  delete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/public/file/delete`,
    body: ReplyFileDeleteSchema,
    response: z.object({ affected: z.number().int() }),
  }),
} as const;
export const PUBLIC_REPLY_API = pathsOf(PUBLIC_REPLY_ENDPOINTS);
