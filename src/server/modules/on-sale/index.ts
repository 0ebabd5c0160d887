/** On-sale alerts: a notice (and a mail) when a show's tickets first go on sale. */
export { alertSalesOpened, sendOnSaleMail, SALE_NEWS_MINUTES } from './service.ts';
