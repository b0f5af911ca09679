import { ERROR_CATALOGUE, type ErrorBody, type ErrorItem } from '@opengst/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { AppError } from './errors';

const STATUS_CODES: Record<number, keyof typeof ERROR_CATALOGUE> = {
  400: 'GEN0001',
  403: 'GEN0002',
  404: 'GEN0003',
  405: 'GEN0007',
  406: 'GEN0008',
  429: 'GEN0004',
  503: 'GEN0006',
};

const item = (code: keyof typeof ERROR_CATALOGUE, message?: string): ErrorItem => ({
  code,
  message: message ?? ERROR_CATALOGUE[code].message,
  type: 'Error',
});

/** Property names as the client expects them (spec core §5: UserName, Password, ConfirmPassword, Otp). */
const propertyNameOf = (path: readonly PropertyKey[]): string =>
  path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part).charAt(0).toUpperCase()}${String(part).slice(1)}`,
    )
    .join('');

/**
 * One error handler maps every failure to spec core §8: `{ errors: [...], developerName? }` with the catalogue's
 * status. 5xx never leak internals; outside production the developer name says which handler failed.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  const isProduction = ctx.config.environment === 'production';

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let errors: ErrorItem[];
    if (error instanceof AppError) {
      status = error.status;
      errors = error.items;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 422;
      errors = error.validation.map((v) => ({
        code: 'GEN0009',
        message: v.message ?? 'The value is not valid.',
        propertyName: propertyNameOf(
          v.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ),
        type: 'Error' as const,
      }));
    } else if (error.statusCode === 429) {
      status = 429;
      errors = [item('GEN0004')];
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = STATUS_CODES[status] ?? 'GEN0001';
      errors = [item(code, status === 400 || status === 415 || status === 413 ? error.message : undefined)];
    } else {
      status = 500;
      errors = [item('GEN0005')];
      request.log.error({ err: error }, 'unhandled error');
    }
    const body: ErrorBody = { errors };
    if (!isProduction) body.developerName = `${request.method} ${request.routeOptions.url ?? request.url}`;
    return reply.status(status).send(body);
  });
});
