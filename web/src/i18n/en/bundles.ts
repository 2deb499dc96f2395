/**
 * English texts: term bundles — the teacher's bundle editor on the terms screen, the offer on a
 * term's content page, and the bundles on My lectures. In the shell: the terms and content screens are.
 */
export const enBundles = {
  // The terms screen (dashboard)
  'bundle.editNamed': 'Whole-term bundle of {name}',
  'bundle.none': 'Not sold as a whole term',
  'bundle.summary': 'Whole term: {price} until {date}',
  'bundle.price': 'Bundle price (LE)',
  'bundle.endsAt': 'Ends on',
  'bundle.endsHint': 'Students who buy it keep every lecture of the term until this day ends',
  'bundle.save': 'Save the bundle',
  'bundle.remove': 'Stop selling the bundle',
  'bundle.saved': 'The bundle was saved',
  'bundle.removed': 'The bundle is no longer sold',
  'bundle.failed': 'The bundle could not be saved',
  // The content page
  'bundle.offer': 'The whole term for {price} instead of {sum}',
  'bundle.offerDetail': 'Every lecture of {name}, and those added later, until {date}',
  'bundle.buy': 'Buy the whole term',
  'bundle.buying': 'Preparing the payment…',
  'bundle.payNow': 'Pay {amount} by card, wallet or kiosk',
  'bundle.granted': 'The whole term is yours now',
  'bundle.buyFailed': 'The payment could not be opened',
  'bundle.balanceShort': 'Your balance ({balance}) does not cover the whole term ({price}).',
  // My lectures
  'bundle.mineTitle': 'Whole terms',
  'bundle.mineUntil': 'every lecture until {date}',
  'bundle.paid': 'Paid {price}',
  'bundle.lectureCount': '{n} lectures',
  // The sales page: a bundle's row and orders
  'bundle.salesName': 'Whole term: {name}',
} as const;
