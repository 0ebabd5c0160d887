/** People: their accounts as Encore knows them. What other modules may use. */
export { usersRoutes } from './routes.ts';
export { findOrCreateUserForIdentity, type IdentityClaims } from './service.ts';
