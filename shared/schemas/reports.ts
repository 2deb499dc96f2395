/** The weekly report's public opt-out link (functions/reports/report-link.ts). */
import { z } from 'zod';
import { id } from './common.ts';

export const reportChannels = ['email', 'whatsapp'] as const;

/** ?p=<parentId>&c=<channel>&t=<token> */
export const stopWeeklyReportQuery = z.object({ p: id, c: z.enum(reportChannels), t: z.string().min(1).max(64) });

/** A small HTML page for a person who tapped a link (not JSON). */
export const htmlResponse = z.custom<Uint8Array>((v) => v instanceof Uint8Array);
