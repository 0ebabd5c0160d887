/** Reports of reviews, comments and profiles, and what an operator does with them. */
export {
  actOnReport,
  formatReportList,
  listOpenReports,
  REPORT_ACTIONS,
  ReportActionError,
  type ReportAction,
} from './operator.ts';
