/** A person's notifications. */
export { notificationsRoutes } from './routes.ts';
