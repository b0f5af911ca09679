import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** Administration: users, roles and rights, settings, profile, registration (spec core §7). */
export const administrationModule: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
