/** Reports of reviews, comments and profiles, and what an operator does with them. */
export { reportsRoutes } from './routes.ts';
export {
  actOnReport,
  formatReportList,
  listOpenReports,
  REPORT_ACTIONS,
  ReportActionError,
  type ReportAction,
} from './operator.ts';
