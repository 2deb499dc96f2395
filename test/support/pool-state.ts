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
  const db = (await readWhole(file)) as { Users?: Record<string, Stored> };
  // The pool's usernames are its e-mail attribute (UsernameAttributes email): cognito-local keys users by a generated name.
  const user = Object.values(db.Users ?? {}).find((u) => u.Username === username || u.Attributes?.some((a) => a.Name === 'email' && a.Value === username));
  if (!user) throw new Error(`cognito-local has no user ${username}`);
  return user.RefreshTokens ?? [];
}

/**
 * cognito-local's store (stormdb) rewrites the whole file with fs.writeFile on every change, not
 * atomically, so a read beside another test file's sign-in (jest runs 3 files at a time) can catch
 * it half-written or with a longer earlier write's tail: read again until it parses.
 */
async function readWhole(file: string): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    const text = await fs.promises.readFile(file, 'utf8');
    try {
      return JSON.parse(text);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
