/** `npm run data:wipe`: removes the local data folder (DATA_DIR, default .data). Stop the platform first. */
import fs from 'node:fs';
import { readConfig } from './config';

const { dataDir } = readConfig();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}`);
