import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { countUnreadMessages } from './count-unread-messages';
import { countUnreadReplies } from './count-unread-replies';
import { deleteMessage } from './delete-message';
import { getContactInfo } from './get-contact-info';
import { listMessages } from './list-messages';
import { listMyMessages } from './list-my-messages';
import { markMessagesRead } from './mark-messages-read';
import { markRepliesRead } from './mark-replies-read';
import { addReply } from './add-reply';
import { sendMessage } from './send-message';

/** The messages domain's Lambda: contact messages, the teacher's inbox and the contact details. */
export const handler = domainHandler(
  'messages',
  {
    'GET /api/admin/contect': listMessages,
    'DELETE /api/admin/delete_us/{id}': deleteMessage,
    'POST /api/user/contect_us': sendMessage,
    'GET /api/admin/messages/unread': countUnreadMessages,
    'POST /api/admin/messages/read': markMessagesRead,
    'POST /api/admin/messages/{id}/reply': addReply,
    'GET /api/user/messages': listMyMessages,
    'GET /api/user/messages/unread': countUnreadReplies,
    'POST /api/user/messages/read': markRepliesRead,
    'GET /api/contact-info': getContactInfo,
  },
  sessionGate,
);
