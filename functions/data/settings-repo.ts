import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SETTINGS_BOUNDS } from '../../shared/constants';
import type { Settings } from '../../shared/schemas/devices';
import { env } from '../lib/env';
import { ddb, TABLE } from './client';
import { keys } from './keys';

/** Each setting as stored, or its default: singleSession's is the SINGLE_SESSION environment (what it was before the item). */
const withDefaults = (item: Record<string, unknown> | undefined): Settings => ({
  deviceLimit: typeof item?.deviceLimit === 'number' ? item.deviceLimit : SETTINGS_BOUNDS.deviceLimit.default,
  deviceRemovalDays: typeof item?.deviceRemovalDays === 'number' ? item.deviceRemovalDays : SETTINGS_BOUNDS.deviceRemovalDays.default,
  singleSession: typeof item?.singleSession === 'boolean' ? item.singleSession : env.SINGLE_SESSION,
  sharingFlagThreshold: typeof item?.sharingFlagThreshold === 'number' ? item.sharingFlagThreshold : SETTINGS_BOUNDS.sharingFlagThreshold.default,
});

/** AP90: read at each sign-in and change, never kept: a teacher's switch holds from the next request. */
export async function settingsOf(): Promise<Settings> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.settings }));
  return withDefaults(r.Item);
}

/** AP90: the fields sent, the others kept; the settings after. */
export async function saveSettings(change: Partial<Settings>): Promise<Settings> {
  const names = Object.keys(change) as (keyof Settings)[];
  const r = await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.settings,
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, change[n]])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return withDefaults(r.Attributes);
}
