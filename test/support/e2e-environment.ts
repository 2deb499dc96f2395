/**
 * The e2e tier's test environment: Node's, telling the test file whether the journey that just ran
 * failed (jest-circus says so only to the environment), so test/support/browser.ts can describe
 * what each open page showed then — in CI the failure's message is all there is to read.
 */
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

export default class E2eEnvironment extends TestEnvironment {
  handleTestEvent(event: Circus.Event) {
    if (event.name === 'test_start') this.global.__journeyFailed = false;
    if (event.name === 'test_fn_failure') this.global.__journeyFailed = true;
  }
}
