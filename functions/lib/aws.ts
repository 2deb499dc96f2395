/**
 * The S3 and Cognito clients of a Lambda, made once at cold start (DynamoDB's is in data/client.ts).
 * Credentials come from the default chain: the Lambda role in AWS, the platform's env locally.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { env } from './env';
import { sdkOptions } from './sdk-options';

export const s3 = /* @__PURE__ */ (() =>
  new S3Client({
    ...sdkOptions,
    ...(env.S3_ENDPOINT
      ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  }))();

/** Presigned URLs are handed to browsers: sign them against the endpoint the browser can reach. */
export const s3Public = /* @__PURE__ */ (() =>
  env.S3_PUBLIC_ENDPOINT ? new S3Client({ ...sdkOptions, endpoint: env.S3_PUBLIC_ENDPOINT, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' }) : s3)();

export const cognito = /* @__PURE__ */ (() =>
  new CognitoIdentityProviderClient({
    ...sdkOptions,
    ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT } : {}),
  }))();
