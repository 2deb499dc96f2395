/**
 * What the operator provides, read once from CDK context (`-c key=value` or cdk.json). Every
 * key has a default so `cdk synth` works offline; secrets are passed by name, never by value.
 *
 *   googleClientId                  Google OAuth client id (plain). Unset → no Google federation.
 *   googleClientSecretName          Secrets Manager secret holding the Google client secret
 *                                   (create it before deploying with googleClientId set).
 *   paymobSecretName                secret this app creates for the Paymob keys
 *   cloudfrontPublicKeyPem          PEM public key that verifies signed video URLs
 *   cloudfrontPrivateKeySecretName  secret this app creates for its private half
 *   cognitoDomainPrefix             hosted-UI prefix: https://<prefix>.auth.<region>.amazoncognito.com
 *   mailFrom                        sender of our mails; its domain must be a verified SES identity
 *   mediaBucketName                 media bucket name (default bioscope-media-<account>-<region>)
 *   webDist                         built web app to deploy (default web/dist; skipped while absent)
 *   contactInfo                     the teacher's contact details for /contact, JSON:
 *                                   {"location","phone","email","chatUrl","social":[{"name","url"}]}
 */
import * as path from 'node:path';
import { Aws } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { type ContactInfo, contactInfo } from '../../shared/schemas/people';

/** Until the operator passes theirs (-c contactInfo='{…}'): a neutral card that says nothing false. */
export const DEFAULT_CONTACT_INFO: ContactInfo = { location: 'Egypt', phone: '', email: '', chatUrl: '', social: [] };

/**
 * PLACEHOLDER, NOT A REAL KEY PAIR: its private half was thrown away, so every signed video URL
 * is refused until the operator passes their own key with -c cloudfrontPublicKeyPem=...
 */
export const PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAp+/pe59FdRMJoB+rsdnM
7qMaL1CvtXul3LDtJxXGqQxIW2OlmQGjWMV0U7S8YV1oQ6GcBubJhk9pMD1afUIZ
3W6wT7tt/02iYqMf12iGlNFLPw/Qt6R34revjeZ2Pvb/qQomSXR90IskE939FLKv
9yPFwQmGQWWIqtcBvd7puRXWICbYW6OanrZckBTyd4rs26oqvfa/AN84Uckr6/xg
l+1d0CC7+uVylkJRlHsZI1xKHmqgXQ/P4zxx3Th/Ny7TsPnCN1dpVbS0KCrRet1/
uZd0Rt8kfDPa/84Is1/fB8T1IS1MdMfv9i5CRkllevUSZXDdpHTyJ0ujj5f3OGqm
twIDAQAB
-----END PUBLIC KEY-----`;

export interface Settings {
  google?: { clientId: string; clientSecretName: string };
  paymobSecretName: string;
  cloudfrontPublicKeyPem: string;
  cloudfrontPrivateKeySecretName: string;
  cognitoDomainPrefix: string;
  mailFrom: string;
  /** Named, so the api stack can scope grants to it without a cross-stack reference. */
  mediaBucketName: string;
  /** SES identities mail may be sent from: the sender's domain and address. */
  mailIdentities: string[];
  webDist: string;
  /** The teacher's contact details (JSON of shared/schemas/people.ts contactInfo), checked at synth. */
  contactInfo: string;
  /** Origins the media bucket's CORS admits: the site is only served from its CloudFront domain. */
  siteOrigins: string[];
}

export function readSettings(node: Node): Settings {
  const str = (key: string): string | undefined => {
    const v: unknown = node.tryGetContext(key);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const googleClientId = str('googleClientId');
  const mailFrom = str('mailFrom') ?? 'Bioscope <no-reply@example.com>';
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return {
    google: googleClientId
      ? { clientId: googleClientId, clientSecretName: str('googleClientSecretName') ?? 'bioscope/google-client-secret' }
      : undefined,
    paymobSecretName: str('paymobSecretName') ?? 'bioscope/paymob',
    cloudfrontPublicKeyPem: (str('cloudfrontPublicKeyPem') ?? PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY).replace(/\\n/g, '\n'),
    cloudfrontPrivateKeySecretName: str('cloudfrontPrivateKeySecretName') ?? 'bioscope/cloudfront-private-key',
    // Prefixes are global per region; the account id keeps the default unique.
    cognitoDomainPrefix: str('cognitoDomainPrefix') ?? `bioscope-${Aws.ACCOUNT_ID}`,
    mailFrom,
    mediaBucketName: str('mediaBucketName') ?? `bioscope-media-${Aws.ACCOUNT_ID}-${Aws.REGION}`,
    mailIdentities: [address.split('@')[1] ?? address, address],
    webDist: path.resolve(str('webDist') ?? path.join(__dirname, '../../web/dist')),
    siteOrigins: ['https://*.cloudfront.net'],
    contactInfo: JSON.stringify(contactInfo.parse(JSON.parse(str('contactInfo') ?? JSON.stringify(DEFAULT_CONTACT_INFO)))),
  };
}
