/** Mutes: people whose reviews someone keeps out of their Following timeline. */
export { mutesRoutes } from './routes.ts';
