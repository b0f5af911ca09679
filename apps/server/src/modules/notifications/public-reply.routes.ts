// The public notification-reply routes (issue 21, spec modules §7): no session. validate and public/shortUrl take the
// mailed link; every other route needs the public-auth-token validate answered, which reaches that one notification
// only (public-token.ts). All are rate-limited per address, as the sign-in routes are.
import multipart from '@fastify/multipart';
import { dataOf, FILE_UPLOAD_MAX_BYTES, PUBLIC_REPLY_ENDPOINTS as E, replyOptionsOf } from '@opengst/contracts';
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { contentDisposition, storedFilePath } from '../../platform/file-store';
import { deleteReplyFile, reachReplyFile, uploadReplyFile } from './public-files';
import { originalUrlOf, publicEnum, replyDetail, submitReply, validateReplyLink } from './public-reply.service';
import { replyPrincipalOf } from './public-token';

const open = { public: true } as const;

export const publicReplyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const config = { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };
  // Only the upload below takes multipart, so it is registered in this plugin's scope alone.
  await app.register(multipart, { limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  serve(app, E.validate, { access: open, config, handler: async (request) => validateReplyLink(ctx, request.query.request) });

  serve(app, E.shortUrl, { access: open, config, handler: async (request) => originalUrlOf(ctx, request.query.shortUrl) });

  serve(app, E.detail, {
    access: open,
    config,
    handler: async (request) => replyDetail(db, await replyPrincipalOf(ctx, request), request.body),
  });

  serve(app, E.reply, {
    access: open,
    config,
    handler: async (request) => {
      const who = await replyPrincipalOf(ctx, request);
      await submitReply(ctx, who, request.body, request.ip);
    },
  });

  serve(app, E.options, {
    access: open,
    config,
    handler: async (request) => {
      await replyPrincipalOf(ctx, request);
      return replyOptionsOf(request.query.sourceType);
    },
  });

  // Spec modules §6: the enum filters need the public token.
  serve(app, E.enumByType, {
    access: open,
    config,
    handler: async (request) => {
      await replyPrincipalOf(ctx, request);
      return publicEnum(request.query.type, request.query.groups, request.query.suffixes);
    },
  });

  // Multipart, so registered by hand (as file/upload is).
  app.post(
    E.upload.path,
    { config: { access: open, ...config }, schema: { response: { 200: dataOf(E.upload.response) } } },
    async (request) => {
      const who = await replyPrincipalOf(ctx, request);
      if (!request.isMultipart()) throw new AppError('IMP0021');
      const file = await request.file();
      if (!file) throw new AppError('IMP0021');
      return { data: await uploadReplyFile(db, ctx.config.dataDir, who, { fileName: file.filename, stream: file.file }, request.ip) };
    },
  );

  serve(app, E.download, {
    access: open,
    config,
    handler: async (request, reply) => {
      const row = await reachReplyFile(db, await replyPrincipalOf(ctx, request), request.query.id);
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('content-disposition', contentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(storedFilePath(ctx.config.dataDir, row)));
    },
  });

  serve(app, E.delete, {
    access: open,
    config,
    handler: async (request) => deleteReplyFile(db, await replyPrincipalOf(ctx, request), request.body.id, ctx.now(), request.ip),
  });
};
