import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The route schemas publish themselves: /api/docs/json and a browsable page at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Encore API',
        description: 'Concerts, wishlists, reviews and the people who write them.',
        version: '1',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'encore.sid' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    // Only the JSON API is documented: not the provider's pages, not the client.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
