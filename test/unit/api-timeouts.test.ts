/**
 * The local platform gives a request the time its deployed Lambda has: Middy's timeout guard reads the
 * context's remaining time, which counts down from the domain's timeout (a batch of 5,000 recharge
 * codes needs more than the default 10 s, and got a 500 locally when every context said 10 s).
 */
import { apiTimeoutSeconds, DEFAULT_API_TIMEOUT_SECONDS } from '../../infra/definitions/api-timeouts';
import { lambdaContext } from '../../infra/local/lambda-event';

it('gives auth, payments and the wallet 20 s and the other domains the default', () => {
  expect(['auth', 'payments', 'wallet', 'catalogue', 'quizzes'].map(apiTimeoutSeconds)).toEqual([20, 20, 20, DEFAULT_API_TIMEOUT_SECONDS, DEFAULT_API_TIMEOUT_SECONDS]);
  expect(DEFAULT_API_TIMEOUT_SECONDS).toBe(10);
});

it("counts a local invocation's remaining time down from its function's timeout", async () => {
  const context = lambdaContext('bioscope-wallet', apiTimeoutSeconds('wallet'));
  const first = context.getRemainingTimeInMillis();
  expect(first).toBeGreaterThan(19_000);
  expect(first).toBeLessThanOrEqual(20_000);
  await new Promise((r) => setTimeout(r, 60));
  expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(first - 50);
});
