import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import { USER_POOL } from '../../infra/definitions/user-pool';
import { GOOGLE_CLIENT_ID, synthBioscope } from './bioscope-app';

const { dataTemplate } = synthBioscope();

describe('table', () => {
  test('keys, indexes and TTL are TABLE_DEFINITION', () => {
    const keys = (pk: string, sk: string) => [
      { AttributeName: pk, KeyType: 'HASH' },
      { AttributeName: sk, KeyType: 'RANGE' },
    ];
    dataTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: keys(TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey),
      GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: keys(i.partitionKey, i.sortKey),
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
    });
  });

  // The writers put epoch seconds in it: test/integration/table-ttl.test.ts.
  test('TTL is on, on the attribute expiresAt', () => {
    const tables = Object.values(dataTemplate.findResources('AWS::DynamoDB::GlobalTable'));
    expect(tables.map((t) => t.Properties.TimeToLiveSpecification)).toEqual([{ AttributeName: 'expiresAt', Enabled: true }]);
  });

  test('on demand, point-in-time recovery, deletion protection, retained', () => {
    dataTemplate.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      }),
    });
  });
});

describe('media bucket', () => {
  const media = () => {
    const [id, bucket] = Object.entries(dataTemplate.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('Media'))!;
    return { id, bucket };
  };

  test('private, encrypted, logged, retained, CORS for presigned uploads', () => {
    const { bucket } = media();
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'media/' },
      CorsConfiguration: {
        // The site's own origin (test/infra/edge.test.ts checks it follows a custom domain).
        CorsRules: [expect.objectContaining({ AllowedMethods: expect.arrayContaining(['PUT', 'GET']), AllowedOrigins: [expect.objectContaining({ 'Fn::Join': expect.anything() })] })],
      },
    });
  });

  test('policy: TLS only, and reads only by this stage\'s distribution (its ARN: test/infra/edge.test.ts)', () => {
    const { id } = media();
    dataTemplate.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });
});

describe('user pool', () => {
  test('e-mail username, phone sign-in, names, custom:schoolYear, password policy, e-mail recovery', () => {
    dataTemplate.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UserPoolName: `${USER_POOL.name}-dev`,
        UsernameAttributes: ['email', 'phone_number'],
        AutoVerifiedAttributes: ['email'],
        // No self sign-up: nobody makes a pool user with a client id (issue 13, item 1).
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        DeletionProtection: 'ACTIVE',
        Schema: Match.arrayWith([
          Match.objectLike({ Name: 'email', Required: true }),
          Match.objectLike({ Name: 'given_name' }),
          Match.objectLike({ Name: 'family_name' }),
          Match.objectLike({ Name: 'phone_number' }),
          { Name: 'schoolYear', AttributeDataType: 'String', Mutable: true, StringAttributeConstraints: { MinLength: '1', MaxLength: '20' } },
        ]),
        Policies: {
          PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireNumbers: true, RequireLowercase: true, RequireUppercase: true, RequireSymbols: false }),
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      }),
    });
  });

  test('MFA optional, TOTP only (no SMS): an admin who sets up an authenticator is asked for its code at every sign-in', () => {
    dataTemplate.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  test('the ADMIN group and the hosted-UI domain', () => {
    dataTemplate.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'ADMIN' });
    dataTemplate.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: Match.anyValue() });
  });

  test('Google federation reads its client secret from Secrets Manager, never plaintext', () => {
    const [google] = Object.values(dataTemplate.findResources('AWS::Cognito::UserPoolIdentityProvider'));
    expect(google!.Properties).toMatchObject({
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: { client_id: GOOGLE_CLIENT_ID, authorize_scopes: 'openid email profile' },
      AttributeMapping: { email: 'email', given_name: 'given_name', family_name: 'family_name' },
    });
    expect(google!.Properties.ProviderDetails.client_secret).toBe('{{resolve:secretsmanager:bioscope/dev/google-client-secret:SecretString:::}}');
  });

  test("without googleClientId there is no Google provider, and the hosted UI's client still offers no password form", () => {
    const { dataTemplate: data, apiTemplate: api } = synthBioscope({});
    data.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    const [web] = Object.values(api.findResources('AWS::Cognito::UserPoolClient', { Properties: { ClientName: USER_POOL.clients.hostedUi.name } }));
    expect(web!.Properties.SupportedIdentityProviders).toBeUndefined();
    expect(web!.Properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(web!.Properties.ExplicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
  });
});

