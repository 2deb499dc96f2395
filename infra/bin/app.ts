#!/usr/bin/env node
/**
 * CDK entry (cdk.json "app"). Offline synth, no credentials needed:
 *   CDK_DISABLE_CLI_TELEMETRY=true CDK_DISABLE_VERSION_CHECK=1 npx cdk synth --quiet [-c stage=prod …]
 * Operator settings are context values, listed in infra/stacks/settings.ts.
 */
import { App } from 'aws-cdk-lib';
import { buildBioscope } from '../stacks/bioscope';
import { SettingsError } from '../stacks/settings';

try {
  buildBioscope(new App());
} catch (e) {
  // The list of what is missing is the whole message: no stack trace around it.
  if (!(e instanceof SettingsError)) throw e;
  console.error(e.message);
  process.exit(1);
}
