import { type Handler, ok } from '../lib/http';
import * as parents from './parents';

/** GET /api/parent/children/{studentId}/report → {data: report}; 404 parent.notYourChild. */
export const getChildReport: Handler<'GET /api/parent/children/{studentId}/report'> = async ({ auth, params }) => ok({ data: await parents.getChildReport(auth.userId, params.studentId) });
