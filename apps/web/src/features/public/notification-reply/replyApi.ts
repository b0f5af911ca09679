import { HEADERS, PUBLIC_REPLY_ENDPOINTS as E, type ReplyUploadedFile } from '@opengst/contracts';
import { call } from '../../../api/call';
import { ApiError } from '../../../api/http';
import { decodeErrorBody } from '../../../api/httpErrors';

// The public reply page's calls: each sends the public token that validate answered (spec core §7 public-auth-token),
// never the session's auth-token, and handles its own errors (spec §8: no toast; the page decides).

const as = (token: string) => ({ headers: { [HEADERS.publicAuthToken]: token }, silent: true as const });

export const validateLink = (request: string) => call(E.validate, { query: { request } }, { silent: true });

export const resolveShortUrl = (shortUrl: string) => call(E.shortUrl, { query: { shortUrl } }, { silent: true });

export type ReplyApi = ReturnType<typeof replyApi>;

export const replyApi = (token: string) => ({
  detail: (body: Parameters<typeof call<typeof E.detail>>[1]['body']) => call(E.detail, { body }, as(token)),
  submit: (body: Parameters<typeof call<typeof E.reply>>[1]['body']) => call(E.reply, { body }, as(token)),
  options: (sourceType: 'Gsp' | 'Crn' | 'Sales') => call(E.options, { query: { sourceType } }, as(token)),
  enumByType: (query: Parameters<typeof call<typeof E.enumByType>>[1]['query']) => call(E.enumByType, { query }, as(token)),
  /** Multipart with the field `file` (the JSON client sends JSON only). */
  upload: async (file: File): Promise<ReplyUploadedFile> => {
    const form = new FormData();
    form.append('file', file, file.name);
    let response: Response;
    try {
      response = await fetch(E.upload.path, {
        method: 'POST',
        headers: { accept: 'application/json', [HEADERS.publicAuthToken]: token },
        body: form,
      });
    } catch {
      throw new ApiError(0, null, null);
    }
    if (!response.ok)
      throw new ApiError(response.status, await decodeErrorBody(await response.text()), response.headers.get(HEADERS.requestId));
    return ((await response.json()) as { data: ReplyUploadedFile }).data;
  },
});
