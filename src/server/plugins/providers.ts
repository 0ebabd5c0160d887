/**
 * Builds the external providers from config and makes them available as `app.providers`.
 * A provider without an API key is off (null): the app works from its own catalogue.
 * Ticketmaster's calls are counted against a budget in the database shared by every
 * instance and worker (integrations/call-budget.ts).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { databaseCallBudget, perAddressAdmission } from '../integrations/call-budget.ts';
import type { CallTerms, ProviderTuning } from '../integrations/provider-kit.ts';
import { SETLISTFM_DEFAULTS, SetlistFmClient } from '../integrations/setlistfm.ts';
import { TICKETMASTER_DEFAULTS, TicketmasterClient } from '../integrations/ticketmaster.ts';

export interface Providers {
  ticketmaster: TicketmasterClient | null;
  setlistfm: SetlistFmClient | null;
  /** The terms of a call a visitor at `address` causes: the visitors' share, and the address's hourly allowance. */
  forVisitor(address: string): CallTerms;
}

type ProvidersConfig = Pick<
  Config,
  'ticketmaster' | 'setlistfm' | 'providerSearchesPerAddressPerHour'
>;

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

/** Where the providers count their calls, and where a share running out is told. */
export interface ProviderSources {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn'>;
  tuning?: ProviderTuningOverrides;
}

export function createProviders(
  { ticketmaster, setlistfm, providerSearchesPerAddressPerHour }: ProvidersConfig,
  { db, log, tuning = {} }: ProviderSources,
): Providers {
  const admission = perAddressAdmission(db, providerSearchesPerAddressPerHour);
  return {
    ticketmaster: ticketmaster.apiKey
      ? new TicketmasterClient({
          apiKey: ticketmaster.apiKey,
          baseUrl: ticketmaster.baseUrl,
          tuning: { ...TICKETMASTER_DEFAULTS, ...tuning.ticketmaster },
          budget: databaseCallBudget(db, 'ticketmaster', ticketmaster.budget, {
            onSpent: (share, until) =>
              log.warn(
                { provider: 'ticketmaster', share, until: new Date(until).toISOString() },
                'ticketmaster calls of this share are spent until then; none are made meanwhile',
              ),
          }),
        })
      : null,
    setlistfm: setlistfm.apiKey
      ? new SetlistFmClient({
          apiKey: setlistfm.apiKey,
          baseUrl: setlistfm.baseUrl,
          tuning: { ...SETLISTFM_DEFAULTS, ...tuning.setlistfm },
        })
      : null,
    forVisitor: (address) => ({ share: 'visitors', admit: admission(address) }),
  };
}

export const providersPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      config: ProvidersConfig;
      tuning?: ProviderTuningOverrides;
    },
  ) => {
    const providers = createProviders(options.config, {
      db: app.db,
      log: app.log,
      tuning: options.tuning,
    });
    app.decorate('providers', providers);
    app.log.info(
      {
        ticketmaster: providers.ticketmaster ? 'on' : 'off',
        setlistfm: providers.setlistfm ? 'on' : 'off',
      },
      'external providers',
    );
  },
  { name: 'providers', dependencies: ['database'] },
);
