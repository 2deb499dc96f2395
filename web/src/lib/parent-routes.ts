/**
 * Issue 43's parent routes and answers, as /work/i43-contract.md fixes them, for the screens of
 * three features (the student's invite, the parent's home, the teacher's student page). The route
 * table's rows (shared/routes.ts) are the server's; these ids name them.
 */
import type { RouteId } from '@shared/routes';

export const PARENT_ROUTES = {
  createParentInvite: 'POST /api/user/parent-invite',
  listChildren: 'GET /api/parent/children',
  linkChild: 'POST /api/parent/children',
  getChildReport: 'GET /api/parent/children/{studentId}/report',
  getParentSettings: 'GET /api/parent/settings',
  updateParentSettings: 'PATCH /api/parent/settings',
  listUserParents: 'GET /api/admin/users/{userId}/parents',
  unlinkParent: 'DELETE /api/admin/users/{userId}/parents/{parentId}',
} as const satisfies Record<string, RouteId>;

export interface ParentInvite {
  /** 8 characters, shown as XXXX-XXXX (lib/parent-code.ts). */
  code: string;
  expiresAt: string;
}

export interface Child {
  id: string;
  firstName: string;
  lastName: string;
  schooleYear?: string | null;
  lastActiveAt: string | null;
  linkedAt: string;
}

export interface ChildReport {
  child: Child;
  lectures: { id: string; name: string; courseName: string; purchasedAt: string; expiresAt: string | null }[];
  /** The last 8 weeks, newest first (Cairo days; a week is 7 days ending today). */
  weeks: { from: string; to: string; watchedSeconds: number }[];
  /** Newest first. */
  quizResults: { quizId: string; title: string; score: number; total: number; passed: boolean; date: string }[];
  lastActiveAt: string | null;
}

export interface ParentSettings {
  reportEmail: boolean;
  reportWhatsApp: boolean;
}

export interface LinkedParent {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber?: string;
  linkedAt: string;
}
