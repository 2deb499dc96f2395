import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/** A private, encrypted, TLS-only bucket that receives logs and keeps them 90 days. */
export class LogBucket extends Bucket {
  constructor(scope: Construct, id: string, props: { objectOwnership: ObjectOwnership; what: string }) {
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: props.objectOwnership,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-S1',
      reason: `This is the ${props.what} bucket itself; logging it into itself would loop.`,
    });
  }
}
