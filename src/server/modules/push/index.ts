/** Web push: people's devices and the pushes of their notices. What other modules may use. */
export { pushRoutes } from './routes.ts';
export { pushFollowRequest, pushNotice, PushRetryError, type PushSources } from './send.ts';
export type { PushSettings } from './settings.ts';
