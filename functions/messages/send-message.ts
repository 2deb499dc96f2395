import { created, type Handler } from '../lib/http';
import * as messages from './messages';

/** POST /api/user/contect_us {subject, message} → 201 {message: 'send message successfully'}; over the hour or day limit 429 message.tooMany. */
export const sendMessage: Handler<'POST /api/user/contect_us'> = async ({ body, auth }) => created(await messages.sendMessage(auth.userId, body));
