/** Live updates of open pages (GET /api/events), fed by the database's NOTIFY. */
export { livePlugin, liveRoutes } from './routes.ts';
export type { LiveSettings } from './streams.ts';
