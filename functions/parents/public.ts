/**
 * What the parents domain offers the other domains (import only this file from outside parents/):
 *
 * - `parentLinkAtSignUp(code, now)`: the auth domain's check of a parent's invite code before the
 *   account is made, and the writes that link the parent in the transaction that makes it.
 */
export { parentLinkAtSignUp } from './parents';
