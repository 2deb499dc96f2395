/**
 * What the auth domain offers the other domains (import only this file from outside auth/):
 *
 * - `sessionGate`: the check every domain's stack runs before a user or admin route (token claims,
 *   then the user's record: blocked, logged out, signed in elsewhere, admin group). Each domain's
 *   index.ts passes it to `domainHandler`.
 * - `parseGroups`: the caller's Cognito groups as API Gateway flattens them.
 * - `checkCurrentPassword`: a signed-in user's password, checked as a sign-in is (counted and
 *   slowed per account, nothing left behind in the pool); `sourceOf(event)`: the caller's address for it;
 * - `setPoolPassword`, `deletePoolUser`: the pool as the users domain needs it (set a new
 *   password, remove a deleted user's sign-in);
 * - `keepOnlySession(userId, jti)`: after a password change, end every other session of the user.
 * - devices (devices.ts, docs/devices.md): a student's own list and removal, the teacher's view and
 *   reset, the account's sharing flag, and a stream taken over (catalogue's playback).
 */
export { parseGroups, sessionGate } from './session-gate';
export { deletePoolUser, setPoolPassword } from './pool';
export { checkCurrentPassword } from './password-sign-in';
export { sourceOf } from './caller-source';
export { keepOnlySession } from './sessions';
export { devicesForTeacher, isFlagged, myDevices, noteStreamTakenOver, removeMyDevice, resetDevicesOf } from './devices';
