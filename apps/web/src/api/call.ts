import type { Endpoint, EndpointData, EndpointInput } from '@opengst/contracts';
import { apiRequest, type RequestOptions } from './http';

// Calls an endpoint of the contracts: its method and path come from the definition, the input and the answer are
// typed by its schemas, so no screen writes a path or a response type by hand.

export type CallOptions = Pick<RequestOptions, 'silent' | 'headers'>;

type NeedsInput<E extends Endpoint> = E['query'] extends undefined ? (E['body'] extends undefined ? false : true) : true;
type CallArgs<E extends Endpoint> =
  NeedsInput<E> extends true ? [input: EndpointInput<E>, options?: CallOptions] : [input?: EndpointInput<E>, options?: CallOptions];

export const call = async <E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointData<E>> => {
  const data = await apiRequest(endpoint.path, {
    method: endpoint.method,
    ...(input?.query !== undefined ? { query: input.query as RequestOptions['query'] } : {}),
    ...(input?.body !== undefined ? { body: input.body } : {}),
    ...(endpoint.response === 'file' ? { responseType: 'blob' as const } : {}),
    ...options,
  });
  return data as EndpointData<E>;
};
