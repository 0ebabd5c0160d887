import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { megabytes } from '#shared/file-sizes';
import { MAX_PROFILE_IMAGE_BYTES, MAX_REVIEW_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from '#shared/limits';
import { errorSchema } from '#shared/schemas/common';
import { profileImageResponseSchema, uploadResponseSchema } from '#shared/schemas/media';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { UploadLimits } from '#server/config.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { checkDeclaredLength, receiveFiles, type ReceiveLimits } from './receive.ts';
import { countUploadRequest, storeUploads, type UploadPurpose } from './service.ts';

const errors = {
  400: errorSchema,
  403: errorSchema,
  413: errorSchema,
  429: errorSchema,
  503: errorSchema,
};

/** The multipart field of each kind of upload, how many files it takes and how large. */
const RECEIVE: Record<UploadPurpose, Omit<ReceiveLimits, 'incomingDir' | 'maxRequestBytes'>> = {
  review: { field: 'files', maxFiles: MAX_REVIEW_PHOTOS, maxBytes: MAX_REVIEW_PHOTO_BYTES },
  profile: { field: 'file', maxFiles: 1, maxBytes: MAX_PROFILE_IMAGE_BYTES },
};

/** Multipart uploads of the signed-in user's files (a job sweeps unused ones hourly). */
export const uploadsRoutes: FastifyPluginAsyncZod<{ limits: UploadLimits }> = async (
  app,
  { limits },
) => {
  // Size limits are checked per file after reading it, so the message can name the file.
  await app.register(multipart, { throwFileSizeLimit: false });
  app.addHook('onRequest', async (request) => checkDeclaredLength(request, limits.maxRequestBytes));
  // An answer given before the body was read to its end (a refusal) closes the connection:
  // kept open, it would have to read the rest first, however large.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });

  await signedInRoutes(app, (routes) => {
    /** Counts the request against the hourly allowance, then receives and stores its files. */
    const upload = async (
      ctx: SignedInContext,
      request: FastifyRequest,
      purpose: UploadPurpose,
    ) => {
      await countUploadRequest(ctx, limits);
      const received = await receiveFiles(request, {
        ...RECEIVE[purpose],
        maxRequestBytes: limits.maxRequestBytes,
        incomingDir: ctx.files.incomingDir,
      });
      return storeUploads(ctx, limits, received, purpose);
    };

    routes.post(
      '/upload',
      {
        schema: {
          tags: ['uploads'],
          summary: `Upload up to ${MAX_REVIEW_PHOTOS} photos or videos for a review (multipart field "files", 10 MB each)`,
          consumes: ['multipart/form-data'],
          response: { 201: uploadResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const files = await upload(request.ctx, request, 'review');
        return reply.status(201).send({ paths: files.map((file) => file.url), files });
      },
    );

    routes.post(
      '/upload/profile-image',
      {
        schema: {
          tags: ['uploads'],
          summary: `Upload a profile picture (multipart field "file", one image of ${megabytes(MAX_PROFILE_IMAGE_BYTES)})`,
          consumes: ['multipart/form-data'],
          response: { 201: profileImageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const [file] = await upload(request.ctx, request, 'profile');
        return reply.status(201).send({ url: file!.url, file: file! });
      },
    );
  });
};
