// Routes of stored files (spec modules §7). Signed-in users only; which file a user reaches is the service's concern.
import multipart from '@fastify/multipart';
import { dataOf, FILE_ENDPOINTS as E, FILE_UPLOAD_MAX_BYTES } from '@opengst/contracts';
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { contentDisposition, storedFilePath } from '../../platform/file-store';
import { deleteFile, reachFile, uploadFile } from './files.service';

const signedIn = { signedIn: true } as const;

export const fileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // Only this plugin takes these uploads, so multipart is registered in its scope alone.
  await app.register(multipart, { limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  // Multipart, so registered by hand (as import/upload is).
  app.post(
    E.upload.path,
    { config: { access: signedIn }, schema: { querystring: E.upload.query, response: { 200: dataOf(E.upload.response) } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('IMP0021');
      const file = await request.file();
      if (!file) throw new AppError('IMP0021');
      const upload = { fileName: file.filename, stream: file.file, purpose: request.query.purpose };
      return { data: await uploadFile(db, ctx.config.dataDir, principalOf(request), upload, request.ip) };
    },
  );

  serve(app, E.download, {
    access: signedIn,
    handler: async (request, reply) => {
      const { row } = await reachFile(db, principalOf(request), request.query.id, ctx.now());
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('content-disposition', contentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(storedFilePath(ctx.config.dataDir, row)));
    },
  });

  serve(app, E.delete, {
    access: signedIn,
    handler: async (request) => deleteFile(db, principalOf(request), request.body.id, ctx.now(), request.ip),
  });
};
