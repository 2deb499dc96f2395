/** What other domains may use of reports: the opt-out link's check (users/stop-weekly-report.ts). */
export { stopWeeklyReport } from './opt-out';
