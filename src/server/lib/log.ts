import { ProviderError } from '../integrations/provider-kit.ts';

/** The part of a logger services use: pino's and Fastify's loggers fit. */
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Logs why a provider call failed; anything that is not a ProviderError is a bug worth an error line. */
export function logProviderFailure(log: Log, error: unknown, fallback: string): void {
  if (error instanceof ProviderError) {
    log.warn(
      {
        provider: error.provider,
        failure: error.failure,
        status: error.status,
        reason: error.message,
      },
      `${error.provider} call failed; ${fallback}`,
    );
  } else {
    log.error({ err: error }, `provider call failed unexpectedly; ${fallback}`);
  }
}
