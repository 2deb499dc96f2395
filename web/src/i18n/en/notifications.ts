/**
 * English texts: the student's notifications list (the bell's popover or sheet) and their settings
 * on /profile. This area loads with the list and with /profile (i18n/notifications-area.ts); the
 * bell's own label is the shell's (common.ts: nav.notifications*).
 */
export const enNotifications = {
  'notifications.title': 'Notifications',
  'notifications.markAllRead': 'Mark all read',
  'notifications.empty': 'Nothing new yet. New lectures for your year, quiz results and payments show here.',
  'notifications.loadFailed': 'Your notifications could not be loaded.',
  'notifications.tryAgain': 'Try again',
  'notifications.close': 'Close',
  'notifications.unread': 'Unread',
  'notifications.newLecture': 'New lecture in {course}: {lecture}',
  'notifications.quizPassed': '{title}: {score}/{total} — passed',
  'notifications.quizFailed': '{title}: {score}/{total} — not passed yet',
  'notifications.paymentConfirmed': 'Payment confirmed: {name} ({amount})',
  'notifications.kioskExpiring': 'Kiosk reference {reference} for {name} ({amount}) expires {when}',
  'notifications.walletCredited.code': '{amount} added to your wallet from a recharge code',
  'notifications.walletCredited.topUp': '{amount} added to your wallet (top-up)',
  'notifications.walletCredited.refund': '{amount} returned to your wallet',
  'notifications.walletCredited.adjustment': '{amount} added to your wallet by the teacher',
  'notifications.settingsTitle': 'Notifications',
  'notifications.settingsHint': 'The bell always shows them. Also tell me by:',
  'notifications.email': 'E-mail (payment receipts)',
  'notifications.whatsapp': 'WhatsApp (payments and kiosk references about to expire)',
  'notifications.saved': 'Saved',
  'notifications.saveFailed': 'Your setting could not be saved.',
} as const;
