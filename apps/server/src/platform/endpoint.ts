import { dataOf, type Endpoint } from '@opengst/contracts';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteAccess } from './access.plugin';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler receives: query and body parsed by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Querystring: Out<E['query']>; Body: Out<E['body']> }>;

/** A JSON endpoint's handler returns its `data`; a file endpoint's sends the file through `reply`; an empty one returns nothing. */
type HandlerResult<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : E['response'] extends 'file'
    ? FastifyReply
    : void;

export type ServeOptions<E extends Endpoint> = {
  access: RouteAccess;
  /** Other route config (a rate limit of its own). */
  config?: Omit<FastifyContextConfig, 'access'>;
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<HandlerResult<E>>;
};

/**
 * Registers an endpoint of the contracts with what it needs (access) and what it does (handler): its path and
 * method, the validation of its query and body, the serialization of its answer and its OpenAPI entry all come from
 * the one definition. JSON answers are wrapped as `{ data }`; an 'empty' endpoint answers 204.
 */
export const serve = <E extends Endpoint>(app: ZodApp, endpoint: E, options: ServeOptions<E>): void => {
  const { response } = endpoint;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, access: options.access },
    schema: {
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(typeof response === 'string' ? {} : { response: { 200: dataOf(response) } }),
    },
    handler: async (request, reply) => {
      const result = await options.handler(request as unknown as EndpointRequest<E>, reply);
      if (response === 'empty') return reply.status(204).send();
      if (response === 'file') return result;
      return { data: result };
    },
  });
};
