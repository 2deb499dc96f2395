/**
 * What the auth domain offers the other domains (import only this file from outside auth/):
 *
 * - `sessionGate`: the check every domain's stack runs before a user or admin route (token claims,
 *   then the user's record: blocked, logged out, signed in elsewhere, admin group). Each domain's
 *   index.ts passes it to `domainHandler`.
 * - `parseGroups`: the caller's Cognito groups as API Gateway flattens them.
 * - `passwordSignIn`, `setPoolPassword`, `deletePoolUser`: the pool as the users domain needs it
 *   (check a current password, set a new one, remove a deleted user's sign-in);
 * - `keepOnlySession(userId, jti)`: after a password change, end every other session of the user.
 */
export { parseGroups, sessionGate } from './session-gate';
export { deletePoolUser, passwordSignIn, setPoolPassword } from './pool';
export { keepOnlySession } from './sessions';
