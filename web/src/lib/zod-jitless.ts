/**
 * `zod` as the web build sees it (web/vite.config.mts sends every `import … from 'zod'` here): the
 * same library, set to its plain parser before any schema is used. The site's CSP allows no eval
 * (infra/definitions/security-headers.ts): without this zod probes for a compiled parser with
 * `new Function`, a CSP violation in the console. Here rather than in main.tsx, so zod loads with
 * the first module that needs it, not with the shell.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
