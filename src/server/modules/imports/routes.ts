import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import {
  csvImportPreviewSchema,
  importListSchema,
  importSchema,
  setlistfmImportRequestSchema,
} from '#shared/schemas/imports';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { ImportLimits } from '#server/config.ts';
import { checkDeclaredCsvLength, receiveCsv } from './csv.ts';
import {
  getImport,
  listImports,
  previewCsvImport,
  startCsvImport,
  startSetlistfmImport,
} from './service.ts';

const tags = ['imports'];

/** Imports into one's diary: from setlist.fm (JSON) or a CSV file (multipart), run by a job. */
export const importsRoutes: FastifyPluginAsyncZod<{ limits: ImportLimits }> = async (
  app,
  { limits },
) => {
  await app.register(multipart);
  // An answer given before a file was read to its end (a refusal) closes the connection.
  app.addHook('onSend', async (request, reply) => {
    if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
  });

  await signedInRoutes(app, (routes) => {
    routes.post(
      '/users/me/imports',
      {
        preValidation: async (request) => {
          if (request.isMultipart()) checkDeclaredCsvLength(request, limits);
        },
        schema: {
          tags,
          summary:
            'Start an import into your diary: JSON { source: "setlistfm", username } for the shows a setlist.fm user attended, or a CSV file (multipart field "file": date,artist,venue,city and optional country,setlist_fm_id,rating) with "preview=true" for what it would do, without it to import it',
          consumes: ['application/json', 'multipart/form-data'],
          // Documents the JSON form; the service checks it, as a multipart body is read as a stream.
          description: `JSON body: ${JSON.stringify(setlistfmImportRequestSchema.toJSONSchema())}`,
          response: {
            200: csvImportPreviewSchema,
            202: importSchema,
            400: errorSchema,
            409: errorSchema,
            413: errorSchema,
            429: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { ctx } = request;
        if (!request.isMultipart()) {
          return reply.status(202).send(await startSetlistfmImport(ctx, limits, request.body));
        }
        const upload = await receiveCsv(request, limits);
        if (upload.preview)
          return reply.status(200).send(await previewCsvImport(ctx, limits, upload));
        return reply.status(202).send(await startCsvImport(ctx, limits, upload));
      },
    );

    routes.get(
      '/users/me/imports',
      {
        schema: {
          tags,
          summary: 'Your latest imports, newest first',
          response: { 200: importListSchema },
        },
      },
      async ({ ctx }) => listImports(ctx),
    );

    routes.get(
      '/users/me/imports/:id',
      {
        schema: {
          tags,
          summary:
            'How one of your imports stands: status, counts, refused rows (404 for another person’s)',
          params: idParams,
          response: { 200: importSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async ({ params, ctx }) => getImport(ctx, params.id),
    );
  });
};
