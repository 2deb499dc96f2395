/**
 * What cognito-local keeps of a pool user, read from its database file: the refresh tokens it
 * would still accept (REFRESH_TOKEN_AUTH looks a token up in this list; RevokeToken removes it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { platform } from './platform';

/** `username`: the e-mail the pool user was made with. */
export async function liveRefreshTokens(username: string): Promise<string[]> {
  const p = platform();
  const file = path.join(p.dataDir, 'cognito', '.cognito', 'db', `${p.userPoolId}.json`);
  type Stored = { Username?: string; Attributes?: { Name: string; Value: string }[]; RefreshTokens?: string[] };
  const db = JSON.parse(await fs.promises.readFile(file, 'utf8')) as { Users?: Record<string, Stored> };
  // The pool's usernames are its e-mail attribute (UsernameAttributes email): cognito-local keys users by a generated name.
  const user = Object.values(db.Users ?? {}).find((u) => u.Username === username || u.Attributes?.some((a) => a.Name === 'email' && a.Value === username));
  if (!user) throw new Error(`cognito-local has no user ${username}`);
  return user.RefreshTokens ?? [];
}
