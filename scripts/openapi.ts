/** `npm run openapi`: writes openapi.json from the route table. */
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../shared/openapi';

const out = path.resolve(__dirname, '../openapi.json');
fs.writeFileSync(out, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`Wrote ${out}`);
