/**
 * Every mail the product sends goes through sendMail: SES in AWS; locally the table's outbox,
 * which the local gateway shows at /_local/outbox (and /_local/outbox.json for tests). No address
 * is mailed more than MAILS_PER_ADDRESS_HOUR times an hour, whatever asks (bounces to addresses
 * someone else typed could get SES suspended): the rest are dropped.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { countInWindow } from './attempt-window-repo';
import { ddb, TABLE } from './client';
import { keys } from './keys';
import { env } from '../lib/env';
import { logger } from '../lib/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A code the mail carries (reset code), shown apart by the outbox. */
  code?: string;
  /** A link the mail carries (activation), shown apart by the outbox. */
  link?: string;
}

export const MAILS_PER_ADDRESS_HOUR = 5;

let ses: SESv2Client | undefined;

/** False when the address has had its mails this hour (AP50 `mail-to`) and this one was dropped. */
export async function sendMail(mail: Mail): Promise<boolean> {
  if ((await countInWindow('mail-to', mail.to, 3600)).count > MAILS_PER_ADDRESS_HOUR) {
    logger.warn('mail dropped: its address had its mails this hour', { subject: mail.subject });
    return false;
  }
  if (env.MAIL_TRANSPORT === 'outbox') {
    const id = ulid();
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...keys.outboxMail(id), id, ...mail, sentAt: new Date().toISOString(), expiresAt: Math.floor(Date.now() / 1000) + 7 * 86400 },
      }),
    );
    return true;
  }
  ses ??= new SESv2Client({ region: env.AWS_REGION });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
    }),
  );
  return true;
}
