// The request log keeps addresses, never what opens an account: the reset and welcome links carry their one-time
// token in the query (/reset-password?request=...), and a log line must not hand it to whoever reads the log (issue 16).
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (compared case-insensitively). */
const SECRET_PARAMETERS = new Set(['request', 'token', 'otp', 'code', 'key', 'secret', 'password', 'publictoken']);

/** The path and query of a URL with the values of secret parameters replaced by "[redacted]". */
export const redactUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as it came.
      }
      return value.length > 0 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
};

/** Fastify's own request serializer, with the URL redacted. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
