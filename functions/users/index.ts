import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { getSettings } from './get-settings';
import { listMyDevices } from './list-my-devices';
import { listUserDevices } from './list-user-devices';
import { removeMyDevice } from './remove-my-device';
import { resetUserDevices } from './reset-user-devices';
import { updateSettings } from './update-settings';
import { blockUser } from './block-user';
import { deleteUser } from './delete-user';
import { getProfile } from './get-profile';
import { getUserDetails } from './get-user-details';
import { grantLecture } from './grant-lecture';
import { listUsers } from './list-users';
import { listVideoViews } from './list-video-views';
import { resetVideoViews } from './reset-video-views';
import { updateProfile } from './update-profile';
import { updateMissingProfile } from './update-missing-profile';
import { stopWeeklyReport } from './stop-weekly-report';
import { getNotificationSettings } from './get-notification-settings';
import { listNotifications } from './list-notifications';
import { markNotificationsRead } from './mark-notifications-read';
import { updateNotificationSettings } from './update-notification-settings';

/** The users domain's Lambda: the student's profile, the teacher's users (search, block, delete, grant) and a student's page. */
export const handler = domainHandler('users', {
  'GET /api/user/profile': getProfile,
  'PATCH /api/user/update': updateProfile,
  'PATCH /api/user/complete-profile': updateMissingProfile,
  'GET /api/admin/allusers': listUsers,
  'GET /api/admin/users/{userId}': getUserDetails,
  'GET /api/admin/users/{userId}/video-views': listVideoViews,
  'DELETE /api/admin/users/{userId}/video-views': resetVideoViews,
  'DELETE /api/user/deleteUser/{userId}': deleteUser,
  'PATCH /api/user/blockUser/{userId}': blockUser,
  'POST /api/admin/grant-lecture': grantLecture,
  'GET /api/user/devices': listMyDevices,
  'DELETE /api/user/devices/{deviceId}': removeMyDevice,
  'GET /api/admin/users/{userId}/devices': listUserDevices,
  'DELETE /api/admin/users/{userId}/devices': resetUserDevices,
  'GET /api/admin/settings': getSettings,
  'PATCH /api/admin/settings': updateSettings,
  'GET /api/reports/stop': stopWeeklyReport,
  'GET /api/user/notifications': listNotifications,
  'POST /api/user/notifications/read': markNotificationsRead,
  'GET /api/user/notification-settings': getNotificationSettings,
  'PATCH /api/user/notification-settings': updateNotificationSettings,
}, sessionGate);
