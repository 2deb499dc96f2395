import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { addChild } from './add-child';
import { createParentInvite } from './create-parent-invite';
import { getChildReport } from './get-child-report';
import { getParentSettings } from './get-parent-settings';
import { listChildren } from './list-children';
import { listUserParents } from './list-user-parents';
import { removeUserParent } from './remove-user-parent';
import { updateParentSettings } from './update-parent-settings';

/** The parents domain's Lambda: a student's invite, the parent's children and reports, the teacher's view of a student's parents. */
export const handler = domainHandler(
  'parents',
  {
    'POST /api/user/parent-invite': createParentInvite,
    'POST /api/parent/children': addChild,
    'GET /api/parent/children': listChildren,
    'GET /api/parent/children/{studentId}/report': getChildReport,
    'GET /api/parent/settings': getParentSettings,
    'PATCH /api/parent/settings': updateParentSettings,
    'GET /api/admin/users/{userId}/parents': listUserParents,
    'DELETE /api/admin/users/{userId}/parents/{parentId}': removeUserParent,
  },
  sessionGate,
);
