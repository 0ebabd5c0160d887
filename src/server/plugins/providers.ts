/**
 * Builds the external providers from config and makes them available as `app.providers`.
 * A provider without an API key is off (null): the app works from its own catalogue.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { ProviderTuning } from '../integrations/provider-kit.ts';
import { SETLISTFM_DEFAULTS, SetlistFmClient } from '../integrations/setlistfm.ts';
import { TICKETMASTER_DEFAULTS, TicketmasterClient } from '../integrations/ticketmaster.ts';

export interface Providers {
  ticketmaster: TicketmasterClient | null;
  setlistfm: SetlistFmClient | null;
}

/** Overrides of the providers' timeouts, caches and pacing (tests make them short). */
export interface ProviderTuningOverrides {
  ticketmaster?: Partial<ProviderTuning>;
  setlistfm?: Partial<ProviderTuning>;
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
  }
}

export function createProviders(
  { ticketmaster, setlistfm }: Pick<Config, 'ticketmaster' | 'setlistfm'>,
  tuning: ProviderTuningOverrides = {},
): Providers {
  return {
    ticketmaster: ticketmaster.apiKey
      ? new TicketmasterClient({
          apiKey: ticketmaster.apiKey,
          baseUrl: ticketmaster.baseUrl,
          tuning: { ...TICKETMASTER_DEFAULTS, ...tuning.ticketmaster },
        })
      : null,
    setlistfm: setlistfm.apiKey
      ? new SetlistFmClient({
          apiKey: setlistfm.apiKey,
          baseUrl: setlistfm.baseUrl,
          tuning: { ...SETLISTFM_DEFAULTS, ...tuning.setlistfm },
        })
      : null,
  };
}

export const providersPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      config: Pick<Config, 'ticketmaster' | 'setlistfm'>;
      tuning?: ProviderTuningOverrides;
    },
  ) => {
    const providers = createProviders(options.config, options.tuning);
    app.decorate('providers', providers);
    app.log.info(
      {
        ticketmaster: providers.ticketmaster ? 'on' : 'off',
        setlistfm: providers.setlistfm ? 'on' : 'off',
      },
      'external providers',
    );
  },
  { name: 'providers' },
);
