import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { checkHealth } from './check-health';

export const handler = domainHandler('health', { 'GET /api/health': checkHealth }, sessionGate);
