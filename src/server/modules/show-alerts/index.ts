/** New-show alerts of followed artists: settings, and the job that tells people. */
export { cityOfLocation } from './cities.ts';
export { alertFollowersOfShow } from './queries.ts';
export { alertNewShow, citiesOfPerson } from './service.ts';
