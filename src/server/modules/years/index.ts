/** Year in review: a person's year of shows, its shareable picture and link preview. */
export { withPageMeta, yearPageHead } from './page-meta.ts';
