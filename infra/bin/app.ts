#!/usr/bin/env node
/**
 * CDK entry (cdk.json "app"). Offline synth, no credentials needed:
 *   CDK_DISABLE_CLI_TELEMETRY=true CDK_DISABLE_VERSION_CHECK=1 npx cdk synth --quiet
 * Operator settings are context values, listed in infra/stacks/settings.ts.
 */
import { App } from 'aws-cdk-lib';
import { buildBioscope } from '../stacks/bioscope';

buildBioscope(new App());
