/**
 * The one-tap opt-out link in every weekly report: GET /api/reports/stop?p=<parentId>&c=<channel>&t=<token>,
 * the token an HMAC-SHA256 of the parent and the channel under the stack's device-cookie key (a label
 * keeps the two uses apart). Anyone holding the link may switch that one channel off for that one
 * parent, which is what the link is for; nothing else can be done with it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../lib/env';
import type { ReportChannel } from '../data/report-repo';

const LABEL = 'bioscope weekly report stop';

const tokenOf = (parentId: string, channel: ReportChannel) =>
  createHmac('sha256', env.DEVICE_COOKIE_SECRET).update(`${LABEL}\n${parentId}\n${channel}`).digest('base64url').slice(0, 32);

export function stopLink(parentId: string, channel: ReportChannel): string {
  const q = new URLSearchParams({ p: parentId, c: channel, t: tokenOf(parentId, channel) });
  return `${env.PUBLIC_URL.replace(/\/$/, '')}/api/reports/stop?${q}`;
}

/** Whether the token is the one stopLink gave this parent and channel. */
export function isStopToken(parentId: string, channel: ReportChannel, token: string): boolean {
  if (!env.DEVICE_COOKIE_SECRET) return false;
  const want = Buffer.from(tokenOf(parentId, channel));
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}
