import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { createReportBodySchema, reportSchema } from '#shared/schemas/moderation';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { createReport } from './service.ts';

export interface ReportsRoutesOptions {
  /** Reports one person may send an hour. */
  reportsPerHour: number;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, options) => {
  await signedInRoutes(app, (routes) => {
    routes.post(
      '/reports',
      {
        schema: {
          tags: ['reports'],
          summary:
            "Report someone else's review, comment or profile to the operators (201; 200 when you already reported it and it is still open)",
          body: createReportBodySchema,
          response: {
            200: reportSchema,
            201: reportSchema,
            400: errorSchema,
            404: errorSchema,
            429: errorSchema,
          },
        },
      },
      async ({ body, ctx }, reply) => {
        const { report, created } = await createReport(ctx, body, options);
        return reply.status(created ? 201 : 200).send(report);
      },
    );
  });
};
