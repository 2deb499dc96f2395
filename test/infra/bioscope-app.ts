/** Builds the CDK app as `cdk synth` does (cdk.json context), without bundling the Lambdas. */
import { generateKeyPairSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { buildBioscope } from '../../infra/stacks/bioscope';
import { scratchDir } from '../support/scratch';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
/** A real key pair's public half, so the placeholder warning stays out of the tests. */
export const TEST_PUBLIC_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** Everything prod needs besides what buildApp passes (a real public key and a Google client id). */
export const PROD_SETTINGS = {
  stage: 'prod',
  region: 'eu-west-1',
  mailFrom: 'Bioscope <no-reply@school.eg>',
  paymobSecretName: 'bioscope/prod/paymob',
  googleClientSecretName: 'bioscope/prod/google',
  contactInfo: JSON.stringify({ location: 'Giza', phone: '01012345678', email: 'teacher@school.eg', chatUrl: '', social: [] }),
  alarmEmail: 'ops@school.eg',
  monthlyBudgetUsd: '150',
};

export function buildApp(context: Record<string, unknown> = { googleClientId: GOOGLE_CLIENT_ID }) {
  const app = new App({
    outdir: scratchDir('cdk.out-'),
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], cloudfrontPublicKeyPem: TEST_PUBLIC_KEY, ...context },
  });
  return { app, ...buildBioscope(app) };
}

export function synthBioscope(context?: Record<string, unknown>) {
  const built = buildApp(context);
  return {
    ...built,
    edgeTemplate: Template.fromStack(built.edge),
    siteTemplate: Template.fromStack(built.site),
    dataTemplate: Template.fromStack(built.data),
    apiTemplate: Template.fromStack(built.api),
    edgeAlarmsTemplate: Template.fromStack(built.edgeAlarms),
  };
}

/** The logical id a construct's CloudFormation resource gets. */
export const logicalId = (c: IConstruct) => Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement);
