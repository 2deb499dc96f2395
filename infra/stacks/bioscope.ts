/**
 * The whole CDK app: the stateful data stack and the stateless api/web stack that uses it,
 * checked by cdk-nag's AWS Solutions pack (a finding fails synthesis).
 */
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { readSettings } from './settings';

export function buildBioscope(app: App) {
  const settings = readSettings(app.node);
  // Env-agnostic: no account or region lookups, so synth runs offline.
  const data = new DataStack(app, 'BioscopeData', { settings, description: 'Bioscope: table, media, users, secrets' });
  const api = new ApiStack(app, 'BioscopeApi', { settings, data, description: 'Bioscope: API, Lambdas, web and CloudFront' });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, api, settings };
}
