import { z } from 'zod';

// An API endpoint defined once (ARCHITECTURE.md "Endpoints are defined once"): the server registers it with its
// access and handler (validation, serialization and OpenAPI from these schemas), the web calls it with
// `call(endpoint, input)`. No path string or payload type is written twice.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a successful call answers:
 * - a zod schema: JSON `{ data: <schema> }`;
 * - 'file': a download (its content type and name in the headers);
 * - 'empty': 204 No Content.
 */
export type EndpointResponse = z.ZodType | 'file' | 'empty';

export type Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends EndpointResponse = EndpointResponse,
> = {
  readonly method: HttpMethod;
  readonly path: string;
  /** undefined when the endpoint takes no query (or no body): the key is always there, so its type is exact. */
  readonly query: Q;
  readonly body: B;
  readonly response: R;
};

export const defineEndpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends EndpointResponse = EndpointResponse,
>(endpoint: {
  method: HttpMethod;
  path: string;
  query?: Q;
  body?: B;
  response: R;
}): Endpoint<Q, B, R> => ({
  ...endpoint,
  query: endpoint.query as Q,
  body: endpoint.body as B,
});

/** The `data` a call resolves with: the schema's output, a Blob for a file, nothing for 'empty'. */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['response'] extends 'file'
    ? Blob
    : undefined;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller sends: `query` and `body` as the endpoint declares them (inputs of their schemas). */
export type EndpointInput<E extends Endpoint> = (E['query'] extends z.ZodType ? { query: InputOf<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> } : { body?: never });

/** The paths of a module's endpoints, for tests and journeys that call the API directly (derived, never written twice). */
export const pathsOf = <T extends Record<string, Endpoint>>(endpoints: T): { readonly [K in keyof T]: string } =>
  Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, endpoint.path])) as { readonly [K in keyof T]: string };
