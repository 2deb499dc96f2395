import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';

/** The payments domain's Lambda. Its routes come with a later issue; until then they answer 501. */
export const handler = domainHandler('payments', {}, sessionGate);
