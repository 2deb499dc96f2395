import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';

/** The coupons domain's Lambda. Its routes come with a later issue; until then they answer 501. */
export const handler = domainHandler('coupons', {}, sessionGate);
