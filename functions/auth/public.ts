/**
 * What the auth domain offers the other domains (import only this file from outside auth/):
 *
 * - `sessionGate`: the check every domain's stack runs before a user or admin route (token claims,
 *   then the user's record: blocked, logged out, signed in elsewhere, admin group). Each domain's
 *   index.ts passes it to `domainHandler`.
 * - `parseGroups`: the caller's Cognito groups as API Gateway flattens them.
 */
export { parseGroups, sessionGate } from './session-gate';
