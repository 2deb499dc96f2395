/**
 * English texts: contact (/contact) and the teacher's inbox (/dashboard/messages). The spec's texts
 * (sections 2, 8) are kept as written. This area loads with those screens (i18n/messages-area.ts).
 */
export const enMessages = {
  // /contact
  'contact.title': 'Leave Us Message',
  'contact.subject': 'Subject',
  'contact.message': 'Message',
  'contact.send': 'Send',
  'contact.sent': 'send message successfully',
  'contact.failed': 'somthing went wrong',
  'contact.chat': 'Chat with us',
  'contact.chatHint': 'Prefer a quick chat? Message us directly.',
  'contact.infoTitle': 'Contact info',
  'contact.location': 'Location',
  'contact.phone': 'Phone',
  'contact.email': 'E-mail',
  'contact.social': 'Follow us',
  'contact.infoUnavailable': 'The contact details are not available right now.',
  // /dashboard/messages
  'inbox.title': 'Messages',
  'inbox.empty': 'No messages yet',
  'inbox.unreadCount': '{count} unread',
  'inbox.unread': 'New',
  'inbox.from': 'From',
  'inbox.subject': 'Subject',
  'inbox.date': 'Date',
  'inbox.delete': 'Delete message',
  'inbox.deleteTitle': 'Are you sure?',
  'inbox.deleteText': 'The message "{subject}" will be deleted. You won\'t be able to revert this!',
  'inbox.deleteYes': 'Yes, delete it!',
  'inbox.deleteNo': 'Cancel',
  'inbox.deleted': 'Deleted Succesfully',
  'inbox.deleteFailed': 'Somthing went wrong',
  'inbox.loadFailed': 'The messages could not be loaded',
  'inbox.tryAgain': 'Try again',
  'inbox.badge': '{count, plural, one {# unread message} other {# unread messages}}',
} as const;
