/** Link previews: the Open Graph tags of the HTML sent for a shared page. */
export { pageHead, type PageHead } from './page-head.ts';
