/** The signed-in person's own account: profile edits, settings, export, deletion. */
export { accountRoutes } from './routes.ts';
