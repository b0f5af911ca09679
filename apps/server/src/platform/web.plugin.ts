import fastifyStatic from '@fastify/static';
import { ERROR_CATALOGUE, type ErrorBody } from '@opengst/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const notFound: ErrorBody = { errors: [{ code: 'GEN0003', message: ERROR_CATALOGUE.GEN0003.message, type: 'Error' }] };

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached (so a new build
 * version is picked up), and every unknown non-API GET answered with index.html for the client router.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  const hasWeb = existsSync(join(options.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const assetsRoot = join(options.webDist);
    app.get('/*', (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path.startsWith('/api/')) return reply.status(404).send(notFound);
      const file = join(assetsRoot, decodeURIComponent(path));
      if (path !== '/' && file.startsWith(assetsRoot) && existsSync(file) && !path.endsWith('/')) return reply.sendFile(path.slice(1));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFound);
  });
});
