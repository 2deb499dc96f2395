import { spawnPlatform } from '../../infra/local/spawn';

/**
 * Starts the platform once per jest run of the integration (or e2e) project. Test files read its
 * addresses from BIOSCOPE_PLATFORM (workers inherit the environment set here).
 */
export default async function globalSetup() {
  // STORE_STATS: tests may count the handlers' DynamoDB calls (infra/local/store-stats.ts).
  const { info, child, dataDir } = await spawnPlatform({ STORE_STATS: '1' });
  (globalThis as { __BIOSCOPE__?: unknown }).__BIOSCOPE__ = { child, dataDir };
  process.env.BIOSCOPE_PLATFORM = JSON.stringify(info);
}
