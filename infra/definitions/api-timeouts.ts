/**
 * How long each domain's API Lambda may run: the deployed function's timeout (infra/stacks/api-stack.ts)
 * and the local platform's Lambda context (infra/local/lambda-event.ts, whose remaining time Middy's
 * timeout guard reads), from this one table so a request behaves alike in both.
 */
import type { Domain } from '../../shared/routes';

export const DEFAULT_API_TIMEOUT_SECONDS = 10;

/** Auth and payments call Cognito, SES or Paymob before answering; wallet writes a batch of up to 5,000 codes in one request. */
const LONGER: Partial<Record<Domain, number>> = { auth: 20, payments: 20, wallet: 20 };

export const apiTimeoutSeconds = (domain: string): number => LONGER[domain as Domain] ?? DEFAULT_API_TIMEOUT_SECONDS;
