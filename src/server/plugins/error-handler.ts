/**
 * One place turns every failure into `{ message }`: client mistakes keep their status
 * and a message naming what is wrong; anything unexpected is logged with its request id
 * and answered 500 without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE_RETRY_SECONDS,
  HttpError,
  isDatabaseUnavailable,
  sqlState,
} from '../http-error.ts';

const locationNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function validationMessage(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}): string {
  const first = error.validation[0];
  const location = locationNames[error.validationContext ?? ''] ?? 'request';
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const reason = first?.message ?? 'is invalid';
  return field
    ? `Invalid ${location} field '${field}': ${reason}`
    : `Invalid ${location}: ${reason}`;
}

/** Constraint violations that reach here were not caught by a service: still the client's fault. */
const constraintMessages: Record<string, string> = {
  '23505': 'That already exists',
  '23503': 'A referenced item does not exist',
  '23514': 'A value is out of range',
  '22P02': 'A value has the wrong format',
};

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: validationMessage(error) });
    }
    const state = sqlState(error);
    const constraintMessage = state ? constraintMessages[state] : undefined;
    if (constraintMessage) {
      request.log.warn({ err: error }, 'constraint violation answered as 4xx');
      return reply.status(state === '23505' ? 409 : 400).send({ message: constraintMessage });
    }
    if (isDatabaseUnavailable(error)) {
      // Not the client's fault and not a bug: the same request will do once it is back.
      request.log.warn({ err: error }, 'the database is not answering; answered 503');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_SECONDS))
        .send({ message: 'The service is briefly unavailable; try again in a few seconds' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      return reply.status(status).send({ message: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    // The id is in the log line of this request: a user's report can be matched to it.
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side', requestId: request.id });
  });
});

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty but the content type says JSON';
    default:
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return 'Request body is not valid JSON';
      }
      return error.message;
  }
}

/**
 * Errors the router raises before any route or hook runs (a malformed URL, a path
 * parameter over `maxParamLength`): the same `{ message }` with the router's status.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not validly encoded'
        : 'The request is malformed';
  return reply.status(status).send({ message });
}
