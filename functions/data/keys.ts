/**
 * Every key of the single table is built here and nowhere else.
 *
 * Access patterns (AP) — main table PK/SK unless an index is named:
 *  AP1  userById            PK=USER#id              SK=PROFILE
 *  AP2  userByEmail         PK=EMAIL#email          SK=EMAIL          → userId (also the uniqueness guard)
 *  AP3  userByPhone         PK=PHONE#+20…           SK=PHONE          → userId (also the uniqueness guard)
 *  AP4  usersNewestFirst    byParent: GSI1PK=USERS  GSI1SK=createdAt#id  (ScanIndexForward=false; search filters name/phone/e-mail)
 *  AP5  allCourses          PK=COURSES              SK=COURSE#id
 *  AP6  termById            PK=TERM#id              SK=TERM
 *  AP7  termsOfCourseTrack  byParent: GSI1PK=COURSE#id#TRACK#track  GSI1SK=TERM#order
 *  AP8  sectionById         PK=SECTION#id           SK=SECTION
 *  AP9  sectionsOfTerm      byParent: GSI1PK=TERM#id#SECTIONS  GSI1SK=SECTION#order
 *  AP10 lectureWithVideos   PK=LECTURE#id           SK=LECTURE | VIDEO#order#videoId  (one Query)
 *  AP11 lecturesOfSection   byParent: GSI1PK=SECTION#id#LECTURES  GSI1SK=LECTURE#id | LECTURE#id#VIDEO#order#videoId  (lectures with their videos, one Query)
 *  AP12 lecturesOfTerm      byTerm:   GSI2PK=TERM#id#LECTURES     GSI2SK=LECTURE#id
 *  AP13 videoById           PK=VIDEO#id             SK=VIDEO  → lectureId
 *  AP68 lecturesByName      byLookup: GSI3PK=LECTURENAME#<normalizeLectureName(name)>  GSI3SK=LECTURE#id  (on the lecture
 *                           item, rewritten with its name: the grant's fallback when no lecture id is sent)
 *  AP69 lectureNamesState   PK=LECTURESMETA         SK=NAMEINDEX  → at (the one-time backfill has run: lectures made before
 *                           AP68, found through the catalogue AP5 → AP7 → AP12, were given GSI3*)
 *  AP14 purchaseOfLecture   PK=USER#id              SK=PURCHASE#lectureId  (has-student-access = GetItem + expiryDate check;
 *                           written only by purchase-repo recordPurchase, which also marks the lecture firstPurchasedAt)
 *  AP15 purchasesOfUser     PK=USER#id              SK begins_with PURCHASE#
 *  AP16 couponByCode        PK=COUPON#code          SK=COUPON  (code normalised: normalizeCouponCode; holds the limits,
 *                           `taken` = uses held by pending orders + paid uses, `uses` = paid uses)
 *  AP17 allCoupons          byParent: GSI1PK=COUPONS  GSI1SK=createdAt#id
 *  AP32 couponById          PK=COUPONID#id          SK=COUPONID  → code (delete by id)
 *  AP33 couponOfStudent     PK=COUPON#code          SK=STUDENT#userId  → orderId (once-per-student guard: present while
 *                           that student's order holds or has used the coupon; read in one TransactGetItems with the
 *                           coupon and the student's open-order pointer, AP36, which it is compared with)
 *  AP65 couponHolder        PK=COUPON#code          SK=HOLDER#userId  → orderId (the one order through which this student
 *                           holds an unpaid use of the coupon: Put when the order takes the use, Deleted when it is paid
 *                           or gives the use back, so a student holds at most one use of a coupon at a time)
 *  AP18 messagesNewestFirst PK=MESSAGES             SK=MESSAGE#ulid  (ScanIndexForward=false)
 *  AP37 messageCounts       PK=MESSAGES#META        SK=COUNTS  → unread (ADD on send, set 0 when the teacher reads)
 *  AP38 contactRate         PK=CONTACTRATE#userId   SK=HOUR#yyyy-mm-ddThh | DAY#yyyy-mm-dd  → count (expiresAt TTL)
 *  AP71 messagesOfStudent   byTerm:   GSI2PK=USER#id#MESSAGES  GSI2SK=MESSAGE#ulid  (on the AP18 message item: set when it is
 *                           sent, and by a reply, so a message from before AP71 shows once the teacher answers it; /contact's
 *                           list with the replies, ScanIndexForward=false)
 *  AP72 repliesUnread       PK=USER#id              SK=REPLIES  → unread (ADD 1 in each reply's transaction, SET 0 when the
 *                           student opens /contact: the top bar's badge is one GetItem)
 *  AP39H userSearchHead    PK=USEARCHH#<head>      SK=<createdAt>#userId  → t  (the users search, newest first: one item per
 *                           (user, head), a head being the first 2, 3 or 4 characters of one of the user's search tokens —
 *                           name parts, phone national digits, e-mail whole/domain/parts, normalised by
 *                           data/user-search-text.ts; t = all the user's tokens as "\ntok1\ntok2\n", so a Query of the
 *                           rarest word's head, ScanIndexForward=false, with FilterExpression contains(t, "\n"+word) for
 *                           every word keeps the users having a token that starts with each word. A one-word search that
 *                           is itself a head reads just its page (Limit skip+limit+2, keys only): the AP39N items sort first
 *                           in that order and give the total; otherwise the read (SK < "~") is bounded and the total said
 *                           to be a lower bound when it stops early.
 *                           Written with the user in createUser, rewritten on a name edit, deleted with the user)
 *  AP39T userSearchToken   PK=USEARCHT#<token's head>  SK=<token>#userId  → t, c=createdAt  (one item per token longer
 *                           than a head: SK BETWEEN word AND word+U+10FFFF reads exactly the users with a token starting
 *                           with a long word, e.g. an e-mail fragment or a phone; used when that read is small)
 *  AP39N userSearchCount   PK=USEARCHH#<head>      SK=~COUNT | ~BASE  → n  (how many users a head has = ~COUNT's n + ~BASE's n,
 *                           in the head's own partition after every date: ~COUNT is ADDed ±1 outside the user's transaction
 *                           for users made by createUser; ~BASE is Put by the AP40 backfill for the users it indexed)
 *  AP40 userSearchState    PK=USEARCHMETA          SK=BACKFILL  → version, at (the lazy backfill of users not indexed in
 *                           this layout has run: version 3 writes AP39H/AP39T/AP39N and removes the version-1 items,
 *                           PK=USEARCH#<token's first char> SK=<token>#userId)
 *  AP42 usersCount         PK=USERSMETA            SK=COUNT  → n (ADD 1 after createUser, -1 after a delete; set by the AP40
 *                           backfill: the users screen's total without a search, instead of counting AP4)
 *  AP41 deletedUser        PK=USER#id              SK=DELETED  → names, email, deletedAt (tombstone: sales and results
 *                           can still name a deleted student)
 *  AP19 orderById           PK=ORDER#id             SK=ORDER  (the reconciler asks Paymob about it by merchant_order_id = id)
 *  AP63 orderOfPaymobOrder  PK=PAYMOBORDER#n        SK=PAYMOBORDER  → orderId (Paymob's order id of our order's intention:
 *                           written with it, once; a signed notice finds its order only through this, by the signed
 *                           order id, never by the unsigned merchant_order_id)
 *  AP64 paymobTransaction   PK=PAYMOBTXN#id         SK=PAYMOBTXN  → orderId (the order a Paymob transaction paid: written in
 *                           the paying transaction, on condition it is new or names the same order — one transaction
 *                           pays one order)
 *  AP34 ordersByDate        byParent: GSI1PK=ORDERS  GSI1SK=createdAt#id  (sales over a range)
 *  AP66 ordersToReconcile   byLookup: GSI3PK=PENDINGORDERS  GSI3SK=ORDER#id  (sparse: the order carries GSI3* only while its
 *                           status is pending — written with a pending order, SET or REMOVEd by every status change in
 *                           order-repo updateOrderItem; ids are ULIDs, so ascending is oldest first: the reconciler's read)
 *  AP67 reconcileIndexState PK=ORDERSMETA           SK=PENDINGINDEX  → at (the one-time backfill has run: orders pending
 *                           when AP66 came, read once from AP34 over the reconcile window, were given GSI3*)
 *  AP35 ordersOfStudent     byTerm:   GSI2PK=USER#id#ORDERS  GSI2SK=createdAt#id  (pending orders on /profile/lecPay)
 *  AP61 pendingOrders      PK=USER#id              SK=PROFILE#ORDERS  → o_<orderId> = holdUntil (ISO) for every order of the
 *                           student that may still be pending: SET before the order is written (createPaymentIntention) and
 *                           before a kiosk reference extends its hold (markPending), so it names at least every order pending
 *                           now; entries past their hold are REMOVEd (conditionally) by the list that meets them. Absent =
 *                           never written: the list reads AP35 once and writes it. Sorts between PROFILE and PURCHASE#, so
 *                           /get-purched reads the record, this and the purchases in one Query (AP62)
 *  AP62 profileToPurchases PK=USER#id              SK BETWEEN PROFILE AND PURCHASE#U+FFFF  (the record, AP61 and every AP14
 *                           purchase: the session gate's one read for /get-purched, lib/http.ts readsAlong { range })
 *  AP36 openOrder           PK=USER#id              SK=OPENORDER#lectureId  → orderId (the student's latest card/wallet
 *                           order of a lecture: reused while its price and coupon hold, else superseded)
 *  AP85 termPurchase        PK=USER#id              SK=PURCHASE#TERM#termId  → the bundle's purchase (expiryDate = the term's
 *                           endsAt when bought or given): every lecture of the term, present and added later, until then.
 *                           Read in the lecture open's one BatchGet with the lecture's AP14 (the lecture's termId names it),
 *                           and with a section's AP14s; written only in an order's paying transaction (payments/settlement.ts,
 *                           source payment, orderId) or a term code's redemption (wallet/codes.ts, source code, ref). Under
 *                           PURCHASE# (a lecture id never holds '#'), so AP62 reads the bundles with the purchases; AP15
 *                           leaves them out
 *  AP86 termPurchasesOfUser PK=USER#id              SK begins_with PURCHASE#TERM#  (My lectures' bundles, from AP62)
 *  AP87 openTermOrder       PK=USER#id              SK=OPENORDER#TERM#termId  → orderId (AP36 for a term bundle: the item
 *                           an order sells is named lectureId or TERM#termId — order-repo saleOf — so the coupon's
 *                           once-per-student guard reads the same pointer for either)
 *  AP20 quizWithQuestions   PK=QUIZ#id              SK=QUIZ | QUESTION#order#id  (one Query)
 *  AP21 allQuizzes          byParent: GSI1PK=QUIZZES  GSI1SK=createdAt#id  (the quiz items only)
 *  AP22 resultOfStudent     PK=USER#id              SK=RESULT#quizId  (best attempt, pass, attempt count, the open timed
 *                           attempt, a version every write conditions on; the gate BatchGets these for a lecture's quizzes)
 *  AP23 resultsOfQuiz       byParent: GSI1PK=QUIZ#id#RESULTS  GSI1SK=userId
 *  AP29 attemptsOfStudent   PK=USER#id              SK=ATTEMPT#quizId#number  (every attempt kept; written with its result)
 *  AP70 attemptsOfQuiz      byParent: GSI1PK=QUIZ#id#ATTEMPTS  GSI1SK=userId#number  (set on each AP29 item as it is written:
 *                           the teacher's item analysis over every attempt in one Query; a result none of whose attempts
 *                           carry it — older items — counts there as one attempt, its best)
 *  AP110 questionBank      no key of its own: AP21's quiz items carry `tags` (every tag of their questions), so a page of
 *                           the bank is AP21 (which quizzes hold a tag, and the bank's tags) then AP20 for at most 10 of
 *                           them (quizzes/bank.ts); the question items carry `tags`, and an open attempt its `drawn` ids (AP22)
 *  AP130 weeklyReportSent  PK=USER#parentId        SK=WEEKLYREPORT#<week's last Cairo day>#<email|whatsapp>  → status
 *                           (sending | sent | failed | dropped), at, messageId | code (Put on condition attribute_not_exists
 *                           BEFORE the send, then updated with its outcome: a (parent, week, channel) is sent at most once,
 *                           a failed send is recorded and not retried; expiresAt TTL 400 days)
 *  AP131 reportParents      AP115 paged: PK=PARENTS (every parent; the weekly run pages through it)
 *  AP132 reportChildren     AP114: PK=USER#parentId  SK begins_with CHILD#  (the parent's side of each link)
 *  AP133 reportWatchDays    AP116: PK=USER#studentId  SK BETWEEN WATCHDAY#from AND WATCHDAY#to  (watch time per Cairo day)
 *  AP134 attemptsOfWeek     PK=USER#studentId       SK begins_with ATTEMPT#  (AP29 over every quiz; the week's by finishedAt)
 *  AP135 parentsNewestFirst AP115 whole, sorted by createdAt (the teacher's users list, parents only; then AP1 for the page)
 *  AP30 quizzesOfSection    PK=SECTION#id           SK=QUIZ#quizId  (the assignment; the quiz item holds contentId too)
 *  AP31 videosOfQuiz        byTerm:   GSI2PK=QUIZ#id#VIDEOS  GSI2SK=LECTURE#lectureId#VIDEO#videoId  (set on a video item
 *                           while it has a quiz: how many videos a quiz gates, and lifting the gate when it is deleted)
 *  AP24 resetCode           PK=RESET#email          SK=RESET  (expiresAt TTL)
 *  AP25 activationToken     PK=ACTIVATION#token     SK=ACTIVATION  (expiresAt TTL)
 *  AP26 outbox (local only) PK=OUTBOX               SK=MAIL#ulid  (expiresAt TTL)
 *  AP55 googleHandoff       PK=GHANDOFF#sha256(code) SK=GHANDOFF  → userId, token, browser (the one-time code a finished
 *                           Google sign-in hands the browser, stored hashed; expiresAt TTL 60 s, taken once by
 *                           POST /api/auth/google/exchange from the browser that started the sign-in)
 *  AP56 videoAsset          PK=ASSET#assetId         SK=ASSET  → sourceKey, state, progress, failure, jobId, rungs, durationSeconds,
 *                           encrypted, hold (one per uploaded source, media-layout assetIdOfKey; written by the transcode events,
 *                           functions/media; the lecture open BatchGets its videos' assets; an upload signed for a lecture
 *                           form is written at signing with hold=unsaved and waits for the lecture: media/held-uploads.ts)
 *  AP57 videoAssetKey       PK=ASSET#assetId         SK=AESKEY  → key (16 random bytes, Binary): the AES-128 key of the asset's HLS
 *                           segments (HLS_AES=1), written by on-upload before its job starts, read only by the key route
 *                           (media/public.ts assetKeyOf)
 *  AP58 lectureViews        PK=USER#id              SK=VIEWS#lectureId  → lectureId, v_<videoId> = views counted (ADD 1 by
 *                           startPlayback, in the transaction that records the playback, while the count is the one
 *                           checked against the limit; the lecture open and startPlayback BatchGet it with the purchase when the
 *                           lecture has a view limit; the admin's student page lists them, SK begins_with VIEWS#, and
 *                           resets them: REMOVE v_<videoId> or Delete)
 *  AP59 playback            PK=USER#id              SK=PLAYBACK#playbackId  → lectureId, videoId, assetId, until (epoch ms: its
 *                           life, the video's length plus a margin; a start naming it before then resumes it), counted
 *                           (when its view was counted: its start), expiresAt TTL
 *  AP60 playbackOfAsset     PK=USER#id              SK=PLAYASSET#assetId  → playbackId, until (epoch ms): the student's latest
 *                           playback of an asset (the AES key route's check), expiresAt TTL
 *  AP27 oauthState          PK=OAUTH#state          SK=OAUTH  → PKCE verifier, browser = sha256 of the sign-in cookie
 *                           (expiresAt TTL, taken once)
 *  AP28 signInAttempts      PK=SIGNIN#account       SK=SIGNIN  → attempts (consecutive failures, counted before the
 *                           password is checked), nextAllowedAt (epoch ms), expiresAt TTL (forgotten 15 min after the last);
 *                           account = USER#id for a known e-mail or phone (both are one account), ID#identifier otherwise
 *  AP50 attemptWindow       PK=WINDOW#what#subject  SK=WINDOW  → n (ADD), endsAt (epoch ms; the window opens at its first
 *                           count), expiresAt TTL: failed sign-ins per source and per trusted device cookie (its nonce), reset
 *                           codes and wrong codes per e-mail and per source, sign-ups per source and per e-mail, mails per address,
 *                           wrong recharge codes per student and per source (functions/wallet/codes.ts)
 *  AP73 wallet              PK=USER#id              SK=WALLET  → balancePiasters, seq (the number of the latest ledger entry; every
 *                           move is one transaction conditioned on the seq it read: wallet-repo moveWallet)
 *  AP74 walletEntries       PK=USER#id              SK=WALLETENTRY#<seq, 10 digits>  → kind, amountPiasters, balanceAfterPiasters, at,
 *                           ref (the ledger: Put once, attribute_not_exists, in the move's transaction; ScanIndexForward=false = newest
 *                           first; the wallet's balance is the sum of its entries' amounts)
 *  AP75 codeBatch           PK=CODEBATCH#id         SK=BATCH  → label, value (LE) | lectureId, lectureName | termId, termName
 *                           (the names when made), count, disabled, createdAt, validUntil (not `expiresAt`: the TTL attribute),
 *                           gates (16: its redemptions are counted on AP88; absent on a batch made before, which counted them
 *                           here, `redeemed`, until the list gives it its gates — that count stays its base)
 *  AP76 codeBatches         byParent: GSI1PK=CODEBATCHES  GSI1SK=createdAt#id  (the teacher's list, newest first)
 *  AP77 rechargeCode        PK=RCODE#<HMAC-SHA256 of the code, hex>  SK=RCODE  → batchId, n, sealed (the code, AES-256-GCM: the CSV
 *                           reads it back), and once redeemed redeemedBy, redeemedAt, credited, ref; the key is the code's keyed hash,
 *                           so the table never holds an unredeemed code in clear (functions/wallet/code-keys.ts)
 *  AP78 codesOfBatch        byParent: GSI1PK=CODEBATCH#id#CODES  GSI1SK=<n, 4 digits>  (on each AP77 item: the CSV, in print order)
 *  AP79 codeRedemptions     byTerm:   GSI2PK=CODEREDEMPTIONS  GSI2SK=redeemedAt#batchId#n  (set on the AP77 item when it is
 *                           redeemed: the sales page's redemptions over a range)
 *  AP88 codeBatchGate       PK=CODEBATCH#id         SK=GATE#<00…15>  → disabled, validUntil (copies of the batch's), redeemed (code n
 *                           redeems through gate n % 16: ADD 1 in its transaction, conditioned on the gate being open, so a class
 *                           redeeming one batch at once writes 16 items, not one hot item; disabling writes the batch and every
 *                           gate in one transaction, so it still stops at once)
 *  AP89 batchesWithGates    byParent: GSI1PK=CODEBATCHES  GSI1SK=createdAt#id | createdAt#id#GATE#nn  (AP76 with each batch's gates
 *                           beside it: the list and its counts, the sum of the gates', in one Query)
 *  AP90 settings            PK=SETTINGS             SK=TEACHER  → deviceLimit, deviceRemovalDays, singleSession, sharingFlagThreshold
 *                           (the teacher's switches, one item; a field absent takes its default: data/settings-repo.ts)
 *  AP91 devicesOfUser       PK=USER#id              SK=DEVICE#handle  → name, kind, os, browser, firstSeenAt, lastSeenAt, jtis (the
 *                           sessions signed in from it, so removing it ends them); handle = base64url(SHA-256(the web's device id))
 *                           [0..22). A new one is Put in one transaction with the user record's deviceCount +1, conditioned on
 *                           the count being under the limit (students) and the user not blocked; the record also holds
 *                           deviceRemovedAt (the once-per-period removal rule). SK begins_with DEVICE# lists them
 *  AP92 signInsOfUser       PK=USER#id              SK=SIGNIN#at#ulid  → name, kind, os, browser, ip (first three octets or groups
 *                           only), expiresAt TTL 90 days; ScanIndexForward=false, Limit 20: the student page's sign-ins
 *  AP93 sharingEvents       PK=USER#id              SK=SHARING#at#ulid  → kind (deviceRefused | streamTakenOver), name, expiresAt
 *                           TTL 30 days; the record's sharingAt (the latest times, epoch ms) and flaggedUntil are set with it
 *  AP94 deviceRemovalToken  PK=DEVREMOVAL#sha256(token)  SK=DEVREMOVAL  → userId, expiresAt TTL 10 min (handed with a refused
 *                           sign-in; Deleted, on condition it exists, in the removal's transaction: once)
 *  AP95 streamOfUser        PK=USER#id              SK=STREAM  → jti, playbackId, at (epoch ms of the start or the latest heartbeat):
 *                           the one stream of a student; a start from another session within STREAM_LIVE_SECONDS is refused
 *                           unless it takes over, a heartbeat from a session not holding it is refused (conditional writes)
 *  AP96 flaggedUsers        byLookup: GSI3PK=FLAGGEDUSERS  GSI3SK=createdAt#id  (on the user record, set when it is first flagged
 *                           and kept: the users list's flagged=true reads these, FilterExpression flaggedUntil > now)
 *  AP100 watchOfVideo      PK=USER#id              SK=WATCH#videoId  → lectureId, videoId, length (s, the asset's when known),
 *                           bits (Binary: one bit per second watched, shared/watched-seconds.ts), seconds (bits set), furthest,
 *                           completed, lastAt, v (the version: each report reads it, merges its spans in memory and Puts the item
 *                           on condition v is still the one read — one write per report, a 2-hour video 900 bytes)
 *  AP101 watchersOfVideo    byParent: GSI1PK=VIDEO#id#WATCHERS  GSI1SK=userId  (on each AP100 item: the teacher's retention
 *                           curve and figures of a video, read in one Query)
 *  AP102 watchingOfUser     PK=USER#id              SK begins_with WATCH#  (the admin's student page: watch time per video)
 *  AP103 usersLastActive    byTerm:   GSI2PK=ACTIVEUSERS  GSI2SK=lastActiveAt#id  (on the user record: SET with lastSignInAt at each
 *                           sign-in, and by a watch report when the student's last report of that video is over 10 min old;
 *                           the users list's sort=lastActive, ScanIndexForward=false — users not active since AP103 came are absent)
 *  AP111 parentInvite       PK=PARENTINVITE#code    SK=PARENTINVITE  → studentId, validUntil (ISO), expiresAt TTL (the code
 *                           normalised, shared/schemas/parents.ts; Deleted, on condition it is still valid, in the transaction
 *                           that links a parent: used once)
 *  AP112 parentsOfStudentState PK=USER#id          SK=PARENTS  → n (parents linked: ADD ±1 in each link's and unlink's
 *                           transaction, a link conditioned on n < PARENTS_PER_STUDENT_MAX), code (the student's unused invite:
 *                           a new one Deletes it in the transaction that Puts the new one)
 *  AP113 parentsOfStudent   PK=USER#id              SK=PARENT#parentId  → parentId, linkedAt (SK begins_with PARENT#: the
 *                           teacher's list; Put with AP114 in one transaction, attribute_not_exists)
 *  AP114 childrenOfParent   PK=USER#parentId        SK=CHILD#studentId  → studentId, linkedAt (SK begins_with CHILD#: the
 *                           parent's children; GetItem: is this my child)
 *  AP115 allParents         PK=PARENTS              SK=parentId  → parentId, createdAt (every parent, for the weekly report:
 *                           Put in the sign-up's transaction, Deleted with the parent)
 *  AP116 watchDay           PK=USER#id              SK=WATCHDAY#YYYY-MM-DD (Cairo)  → seconds (ADD the seconds a watch report
 *                           newly set in AP100's bits, in the transaction that Puts it), expiresAt TTL 400 days; SK BETWEEN two
 *                           days reads a range (the parent's report, the weekly report)
 *  AP117 parentSettings     no key of its own: the parent's record (AP1) holds reportEmail, reportWhatsApp (absent: true)
 *  AP120 notesOfUser       PK=USER#id              SK=NOTE#<ulid>  → type and its fields, createdAt, expiresAt TTL 90 days (a
 *                           student's own notifications: a quiz result — Put in the submit's transaction —, a payment confirmed — Put in the paying transaction —,
 *                           a wallet credited — Put in the wallet move's transaction; ScanIndexForward=false, Limit 50)
 *  AP121 notesOfGrade      PK=GRADENOTES#<schoolYear>  SK=NOTE#<ulid>  → newLecture fields, expiresAt TTL 90 days (a new lecture
 *                           under a course of that school year: written once, merged into each student's list when read)
 *  AP122 noteReads         PK=USER#id              SK=NOTEREAD  → readAllAt (ISO: everything made until then is read), readIds
 *                           (the notifications read one by one since, only ids still in the list), v (each write conditions on it)
 *  AP123 noteSettings      PK=USER#id              SK=NOTESETTINGS  → email, whatsapp (absent: e-mail on, WhatsApp off)
 *  AP124 kioskExpiring     no key of its own: AP61's holds ending within 24 hours, then AP19 for those orders (computed when read)
 */
import { normalizeCouponCode } from '../../shared/schemas/commerce';

/** One spelling of a lecture's name for AP68: Unicode NFKC, lower case, inner spaces as one, trimmed. */
export const normalizeLectureName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export interface Key {
  PK: string;
  SK: string;
}

const pad = (n: number) => String(n).padStart(4, '0');

export const keys = {
  user: (id: string): Key => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  userEmail: (email: string): Key => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' }),
  userPhone: (phone: string): Key => ({ PK: `PHONE#${phone}`, SK: 'PHONE' }),
  usersIndex: (createdAt: string, id: string) => ({ GSI1PK: 'USERS', GSI1SK: `${createdAt}#${id}` }),
  usersIndexPk: 'USERS',
  userSearchHead: (head: string, createdAt: string, userId: string): Key => ({ PK: `USEARCHH#${head}`, SK: `${createdAt}#${userId}` }),
  userSearchHeadPk: (head: string) => `USEARCHH#${head}`,
  /** The user id of an AP39H sort key (createdAt holds no '#'). */
  userOfSearchHeadSk: (sk: string) => sk.slice(sk.indexOf('#') + 1),
  userSearchToken: (head: string, token: string, userId: string): Key => ({ PK: `USEARCHT#${head}`, SK: `${token}#${userId}` }),
  userSearchTokenPk: (head: string) => `USEARCHT#${head}`,
  /** The user id of an AP39T sort key (an e-mail token may hold '#', an id never does). */
  userOfSearchTokenSk: (sk: string) => sk.slice(sk.lastIndexOf('#') + 1),
  userSearchCount: (head: string): Key => ({ PK: `USEARCHH#${head}`, SK: '~COUNT' }),
  userSearchCountBase: (head: string): Key => ({ PK: `USEARCHH#${head}`, SK: '~BASE' }),
  /** AP39H sort keys below this are users (dates); the AP39N counts sort at or above it. */
  userSearchCountSkFloor: '~',
  /** The version-1 AP39 item (removed by the AP40 backfill). */
  legacyUserSearchToken: (token: string, userId: string): Key => ({ PK: `USEARCH#${[...token][0] ?? ''}`, SK: `${token}#${userId}` }),
  userSearchState: { PK: 'USEARCHMETA', SK: 'BACKFILL' } as Key,
  usersCount: { PK: 'USERSMETA', SK: 'COUNT' } as Key,
  deletedUser: (id: string): Key => ({ PK: `USER#${id}`, SK: 'DELETED' }),

  course: (id: string): Key => ({ PK: 'COURSES', SK: `COURSE#${id}` }),
  coursesPk: 'COURSES',
  term: (id: string): Key => ({ PK: `TERM#${id}`, SK: 'TERM' }),
  termOfCourseTrack: (courseId: string, track: string, order: number) => ({ GSI1PK: `COURSE#${courseId}#TRACK#${track}`, GSI1SK: `TERM#${pad(order)}` }),
  termsOfCourseTrackPk: (courseId: string, track: string) => `COURSE#${courseId}#TRACK#${track}`,
  section: (id: string): Key => ({ PK: `SECTION#${id}`, SK: 'SECTION' }),
  sectionOfTerm: (termId: string, order: number) => ({ GSI1PK: `TERM#${termId}#SECTIONS`, GSI1SK: `SECTION#${pad(order)}` }),
  sectionsOfTermPk: (termId: string) => `TERM#${termId}#SECTIONS`,

  lecture: (id: string): Key => ({ PK: `LECTURE#${id}`, SK: 'LECTURE' }),
  lecturePk: (id: string) => `LECTURE#${id}`,
  lectureOfSection: (sectionId: string, lectureId: string) => ({ GSI1PK: `SECTION#${sectionId}#LECTURES`, GSI1SK: `LECTURE#${lectureId}` }),
  videoOfSection: (sectionId: string, lectureId: string, order: number, videoId: string) => ({
    GSI1PK: `SECTION#${sectionId}#LECTURES`,
    GSI1SK: `LECTURE#${lectureId}#VIDEO#${pad(order)}#${videoId}`,
  }),
  lecturesOfSectionPk: (sectionId: string) => `SECTION#${sectionId}#LECTURES`,
  lectureOfTerm: (termId: string, lectureId: string) => ({ GSI2PK: `TERM#${termId}#LECTURES`, GSI2SK: `LECTURE#${lectureId}` }),
  lecturesOfTermPk: (termId: string) => `TERM#${termId}#LECTURES`,
  /** AP68: the lecture under its name, spelled any way (case, spacing, Unicode form). */
  lectureByName: (name: string, lectureId: string) => ({ GSI3PK: `LECTURENAME#${normalizeLectureName(name)}`, GSI3SK: `LECTURE#${lectureId}` }),
  lecturesByNamePk: (name: string) => `LECTURENAME#${normalizeLectureName(name)}`,
  lectureNamesState: { PK: 'LECTURESMETA', SK: 'NAMEINDEX' } as Key,
  videoOfLecture: (lectureId: string, order: number, videoId: string): Key => ({ PK: `LECTURE#${lectureId}`, SK: `VIDEO#${pad(order)}#${videoId}` }),
  videoSkPrefix: 'VIDEO#',
  video: (id: string): Key => ({ PK: `VIDEO#${id}`, SK: 'VIDEO' }),

  purchase: (userId: string, lectureId: string): Key => ({ PK: `USER#${userId}`, SK: `PURCHASE#${lectureId}` }),
  purchaseSkPrefix: 'PURCHASE#',
  pendingOrders: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'PROFILE#ORDERS' }),
  /** AP62: SK bounds in the user's partition of their record, AP61 and their purchases (nothing else sorts between). */
  profileToPurchases: { from: 'PROFILE', to: 'PURCHASE#\uffff' },

  /** Any spelling of a code finds the same coupon: the key holds normalizeCouponCode(code). */
  coupon: (code: string): Key => ({ PK: `COUPON#${normalizeCouponCode(code)}`, SK: 'COUPON' }),
  couponsIndex: (createdAt: string, id: string) => ({ GSI1PK: 'COUPONS', GSI1SK: `${createdAt}#${id}` }),
  couponsIndexPk: 'COUPONS',
  couponById: (id: string): Key => ({ PK: `COUPONID#${id}`, SK: 'COUPONID' }),
  couponOfStudent: (code: string, userId: string): Key => ({ PK: `COUPON#${normalizeCouponCode(code)}`, SK: `STUDENT#${userId}` }),
  couponHolder: (code: string, userId: string): Key => ({ PK: `COUPON#${normalizeCouponCode(code)}`, SK: `HOLDER#${userId}` }),
  message: (id: string): Key => ({ PK: 'MESSAGES', SK: `MESSAGE#${id}` }),
  messagesPk: 'MESSAGES',
  messageCounts: (): Key => ({ PK: 'MESSAGES#META', SK: 'COUNTS' }),
  messageOfStudent: (userId: string, messageId: string) => ({ GSI2PK: `USER#${userId}#MESSAGES`, GSI2SK: `MESSAGE#${messageId}` }),
  messagesOfStudentPk: (userId: string) => `USER#${userId}#MESSAGES`,
  repliesUnread: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'REPLIES' }),
  contactRate: (userId: string, bucket: string): Key => ({ PK: `CONTACTRATE#${userId}`, SK: bucket }),
  order: (id: string): Key => ({ PK: `ORDER#${id}`, SK: 'ORDER' }),
  paymobOrder: (paymobOrderId: string): Key => ({ PK: `PAYMOBORDER#${paymobOrderId}`, SK: 'PAYMOBORDER' }),
  paymobTransaction: (transactionId: string): Key => ({ PK: `PAYMOBTXN#${transactionId}`, SK: 'PAYMOBTXN' }),
  ordersIndex: (createdAt: string, id: string) => ({ GSI1PK: 'ORDERS', GSI1SK: `${createdAt}#${id}` }),
  ordersIndexPk: 'ORDERS',
  /** AP66: the order among those to reconcile (only while it is pending). */
  orderToReconcile: (id: string) => ({ GSI3PK: 'PENDINGORDERS', GSI3SK: `ORDER#${id}` }),
  ordersToReconcilePk: 'PENDINGORDERS',
  reconcileIndexState: { PK: 'ORDERSMETA', SK: 'PENDINGINDEX' } as Key,
  /** The attributes of the byLookup index (AP66, AP68): REMOVEd when an item leaves it. */
  lookupAttributes: ['GSI3PK', 'GSI3SK'] as const,
  orderOfStudent: (userId: string, createdAt: string, id: string) => ({ GSI2PK: `USER#${userId}#ORDERS`, GSI2SK: `${createdAt}#${id}` }),
  ordersOfStudentPk: (userId: string) => `USER#${userId}#ORDERS`,
  /** AP36 (a lecture id) and AP87 (termSale(termId)). */
  openOrder: (userId: string, lectureId: string): Key => ({ PK: `USER#${userId}`, SK: `OPENORDER#${lectureId}` }),
  /** What an order of a term bundle sells, where a lecture order names its lecture id (AP87). */
  termSale: (termId: string) => `TERM#${termId}`,
  termPurchase: (userId: string, termId: string): Key => ({ PK: `USER#${userId}`, SK: `PURCHASE#TERM#${termId}` }),
  termPurchaseSkPrefix: 'PURCHASE#TERM#',

  quiz: (id: string): Key => ({ PK: `QUIZ#${id}`, SK: 'QUIZ' }),
  quizPk: (id: string) => `QUIZ#${id}`,
  quizzesIndex: (createdAt: string, id: string) => ({ GSI1PK: 'QUIZZES', GSI1SK: `${createdAt}#${id}` }),
  quizzesIndexPk: 'QUIZZES',
  question: (quizId: string, order: number, id: string): Key => ({ PK: `QUIZ#${quizId}`, SK: `QUESTION#${pad(order)}#${id}` }),
  questionSkPrefix: 'QUESTION#',
  result: (userId: string, quizId: string): Key => ({ PK: `USER#${userId}`, SK: `RESULT#${quizId}` }),
  resultOfQuiz: (quizId: string, userId: string) => ({ GSI1PK: `QUIZ#${quizId}#RESULTS`, GSI1SK: userId }),
  resultsOfQuizPk: (quizId: string) => `QUIZ#${quizId}#RESULTS`,
  attempt: (userId: string, quizId: string, number: number): Key => ({ PK: `USER#${userId}`, SK: `ATTEMPT#${quizId}#${pad(number)}` }),
  attemptSkPrefix: (quizId: string) => `ATTEMPT#${quizId}#`,
  attemptOfQuiz: (quizId: string, userId: string, number: number) => ({ GSI1PK: `QUIZ#${quizId}#ATTEMPTS`, GSI1SK: `${userId}#${pad(number)}` }),
  attemptsOfQuizPk: (quizId: string) => `QUIZ#${quizId}#ATTEMPTS`,
  quizOfSection: (sectionId: string, quizId: string): Key => ({ PK: `SECTION#${sectionId}`, SK: `QUIZ#${quizId}` }),
  quizzesOfSectionPrefix: 'QUIZ#',
  videoOfQuiz: (quizId: string, lectureId: string, videoId: string) => ({ GSI2PK: `QUIZ#${quizId}#VIDEOS`, GSI2SK: `LECTURE#${lectureId}#VIDEO#${videoId}` }),
  videosOfQuizPk: (quizId: string) => `QUIZ#${quizId}#VIDEOS`,

  // The weekly report (AP130–AP134): AP131–AP133 read the parents' keys (AP115, AP114, AP116).
  weeklyReportSent: (parentId: string, weekTo: string, channel: 'email' | 'whatsapp'): Key => ({ PK: `USER#${parentId}`, SK: `WEEKLYREPORT#${weekTo}#${channel}` }),
  attemptsSkPrefix: 'ATTEMPT#',

  videoAsset: (assetId: string): Key => ({ PK: `ASSET#${assetId}`, SK: 'ASSET' }),
  videoAssetKey: (assetId: string): Key => ({ PK: `ASSET#${assetId}`, SK: 'AESKEY' }),
  lectureViews: (userId: string, lectureId: string): Key => ({ PK: `USER#${userId}`, SK: `VIEWS#${lectureId}` }),
  lectureViewsSkPrefix: 'VIEWS#',
  /** The attribute of an AP58 item counting one video's views. */
  videoViewsAttribute: (videoId: string) => `v_${videoId}`,
  videoViewsAttributePrefix: 'v_',
  playback: (userId: string, playbackId: string): Key => ({ PK: `USER#${userId}`, SK: `PLAYBACK#${playbackId}` }),
  playbackOfAsset: (userId: string, assetId: string): Key => ({ PK: `USER#${userId}`, SK: `PLAYASSET#${assetId}` }),

  resetCode: (email: string): Key => ({ PK: `RESET#${email.toLowerCase()}`, SK: 'RESET' }),
  activation: (token: string): Key => ({ PK: `ACTIVATION#${token}`, SK: 'ACTIVATION' }),
  outboxMail: (id: string): Key => ({ PK: 'OUTBOX', SK: `MAIL#${id}` }),
  oauthState: (state: string): Key => ({ PK: `OAUTH#${state}`, SK: 'OAUTH' }),
  googleHandoff: (codeHash: string): Key => ({ PK: `GHANDOFF#${codeHash}`, SK: 'GHANDOFF' }),
  signInAttempts: (account: string): Key => ({ PK: `SIGNIN#${account}`, SK: 'SIGNIN' }),
  signInAccountOfUser: (userId: string) => `USER#${userId}`,
  signInAccountOfIdentifier: (identifier: string) => `ID#${identifier.toLowerCase()}`,
  attemptWindow: (what: string, subject: string): Key => ({ PK: `WINDOW#${what}#${subject.toLowerCase()}`, SK: 'WINDOW' }),
  outboxPk: 'OUTBOX',

  wallet: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'WALLET' }),
  walletEntry: (userId: string, seq: number): Key => ({ PK: `USER#${userId}`, SK: `WALLETENTRY#${String(seq).padStart(10, '0')}` }),
  walletEntrySkPrefix: 'WALLETENTRY#',
  codeBatch: (id: string): Key => ({ PK: `CODEBATCH#${id}`, SK: 'BATCH' }),
  codeBatchesIndex: (createdAt: string, id: string) => ({ GSI1PK: 'CODEBATCHES', GSI1SK: `${createdAt}#${id}` }),
  codeBatchesIndexPk: 'CODEBATCHES',
  /** AP88: gate `gate` of the batch (0…15), and where it sits in AP89 (after its batch). */
  codeBatchGate: (batchId: string, gate: number): Key => ({ PK: `CODEBATCH#${batchId}`, SK: `GATE#${String(gate).padStart(2, '0')}` }),
  codeBatchGateIndex: (createdAt: string, batchId: string, gate: number) => ({ GSI1PK: 'CODEBATCHES', GSI1SK: `${createdAt}#${batchId}#GATE#${String(gate).padStart(2, '0')}` }),
  codeBatchGateSkPrefix: 'GATE#',
  rechargeCode: (hash: string): Key => ({ PK: `RCODE#${hash}`, SK: 'RCODE' }),
  codeOfBatch: (batchId: string, n: number) => ({ GSI1PK: `CODEBATCH#${batchId}#CODES`, GSI1SK: pad(n) }),
  codesOfBatchPk: (batchId: string) => `CODEBATCH#${batchId}#CODES`,
  codeRedemption: (redeemedAt: string, batchId: string, n: number) => ({ GSI2PK: 'CODEREDEMPTIONS', GSI2SK: `${redeemedAt}#${batchId}#${pad(n)}` }),
  codeRedemptionsPk: 'CODEREDEMPTIONS',

  settings: { PK: 'SETTINGS', SK: 'TEACHER' } as Key,
  device: (userId: string, handle: string): Key => ({ PK: `USER#${userId}`, SK: `DEVICE#${handle}` }),
  deviceSkPrefix: 'DEVICE#',
  signIn: (userId: string, at: string, id: string): Key => ({ PK: `USER#${userId}`, SK: `SIGNIN#${at}#${id}` }),
  signInSkPrefix: 'SIGNIN#',
  sharingEvent: (userId: string, at: string, id: string): Key => ({ PK: `USER#${userId}`, SK: `SHARING#${at}#${id}` }),
  sharingEventSkPrefix: 'SHARING#',
  deviceRemovalToken: (tokenHash: string): Key => ({ PK: `DEVREMOVAL#${tokenHash}`, SK: 'DEVREMOVAL' }),
  stream: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'STREAM' }),
  flaggedUser: (createdAt: string, id: string) => ({ GSI3PK: 'FLAGGEDUSERS', GSI3SK: `${createdAt}#${id}` }),
  flaggedUsersPk: 'FLAGGEDUSERS',
  userLastActive: (at: string, id: string) => ({ GSI2PK: 'ACTIVEUSERS', GSI2SK: `${at}#${id}` }),
  usersLastActivePk: 'ACTIVEUSERS',
  watch: (userId: string, videoId: string): Key => ({ PK: `USER#${userId}`, SK: `WATCH#${videoId}` }),
  watchSkPrefix: 'WATCH#',
  watcherOfVideo: (videoId: string, userId: string) => ({ GSI1PK: `VIDEO#${videoId}#WATCHERS`, GSI1SK: userId }),
  watchersOfVideoPk: (videoId: string) => `VIDEO#${videoId}#WATCHERS`,

  parentInvite: (code: string): Key => ({ PK: `PARENTINVITE#${code}`, SK: 'PARENTINVITE' }),
  parentsOfStudentState: (studentId: string): Key => ({ PK: `USER#${studentId}`, SK: 'PARENTS' }),
  parentOfStudent: (studentId: string, parentId: string): Key => ({ PK: `USER#${studentId}`, SK: `PARENT#${parentId}` }),
  parentSkPrefix: 'PARENT#',
  childOfParent: (parentId: string, studentId: string): Key => ({ PK: `USER#${parentId}`, SK: `CHILD#${studentId}` }),
  childSkPrefix: 'CHILD#',
  parent: (parentId: string): Key => ({ PK: 'PARENTS', SK: parentId }),
  parentsPk: 'PARENTS',
  /** AP116: `day` is a Cairo calendar day, YYYY-MM-DD (shared/calendar.ts cairoDay). */
  watchDay: (userId: string, day: string): Key => ({ PK: `USER#${userId}`, SK: `WATCHDAY#${day}` }),
  note: (userId: string, id: string): Key => ({ PK: `USER#${userId}`, SK: `NOTE#${id}` }),
  gradeNote: (schoolYear: string, id: string): Key => ({ PK: `GRADENOTES#${schoolYear}`, SK: `NOTE#${id}` }),
  noteSkPrefix: 'NOTE#',
  noteReads: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'NOTEREAD' }),
  noteSettings: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'NOTESETTINGS' }),
};
