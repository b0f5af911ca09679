// The encrypted envelope of return calls: requests {action, data, hmac} opened with the session's EK, answers
// {status_cd: "1", data, rek, hmac} sealed with a fresh response key.
import type { FastifyRequest } from 'fastify';
import type { Session } from './auth';
import { openRequest, sealResponse } from './crypto';
import { FAULTS } from './faults';

export type Json = Record<string, unknown>;

export const bodyOf = (request: FastifyRequest): Json => {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw FAULTS.badRequest('a JSON object body is required');
  return body as Json;
};

export const queryOf = (request: FastifyRequest): Record<string, string> => {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
};

export const headerOf = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The decrypted payload of a write, with the base64 text it was signed over. */
export const openWrite = (session: Session, body: Json): { json: unknown; inner: string } => {
  if (typeof body['data'] !== 'string') throw FAULTS.badRequest('data is required');
  const opened = openRequest(session.ek, body['data'], typeof body['hmac'] === 'string' ? body['hmac'] : undefined);
  if (!opened) throw FAULTS.badHmac();
  return opened;
};

export const sealed = (session: Session, json: unknown): Json => ({ status_cd: '1', ...sealResponse(session.ek, json) });
