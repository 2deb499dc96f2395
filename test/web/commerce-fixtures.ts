/** Commerce data as the API answers it (shared/schemas/commerce.ts, responses.ts), for the web tests. */
export const coupon = (over: Record<string, unknown> = {}) => ({
  id: 'cp1',
  code: 'RAMADAN50',
  discount: 50,
  expiresAt: null,
  maxUses: null,
  oncePerStudent: false,
  courseIds: null,
  uses: 0,
  held: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

/** The /pay navigation state: a breadcrumb whose last entry is the lecture (spec 2). */
export const payState = (over: Record<string, unknown> = {}) => ({
  breadcrumb: [
    { name: 'Home', url: '/' },
    { name: 'الصف الأول الثانوي / ثانوي عام', url: '/term', courseId: 'c1', courseFor: 'ثانوي عام' },
    { name: 'الانقسام الميوزي', url: '/pay', id: 'l2', price: 200, photoUrl: null, lectureName: 'الانقسام الميوزي', accessDays: 30, ...over },
  ],
});

export const intention = (over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  message: 'Payment link ready',
  paymentUrl: 'https://pay.example/unifiedcheckout/?publicKey=pk&clientSecret=cs1',
  orderId: 'o1',
  granted: false,
  data: { originalPrice: 200, discountedPrice: 200, ...data },
  ...over,
});

export const purchased = (over: Record<string, unknown> = {}) => ({
  id: 'l2',
  name: 'الانقسام الميوزي',
  lectureName: 'الانقسام الميوزي',
  subTitle: 'Meiosis',
  price: 200,
  isFree: false,
  photoUrl: null,
  numberOfLectures: 2,
  contentId: 's1',
  termId: 't1',
  courseId: 'c1',
  accessDays: 30,
  purchaseDate: '2026-03-01T10:00:00.000Z',
  expiryDate: '2026-03-31T10:00:00.000Z',
  pricePaid: 100,
  source: 'payment',
  expired: false,
  ...over,
});

export const order = (over: Record<string, unknown> = {}) => ({
  id: 'o9',
  lectureId: 'l3',
  lectureName: 'Genetics',
  status: 'pending',
  method: 'kiosk',
  originalPrice: 150,
  amount: 150,
  couponCode: null,
  discount: null,
  kioskReference: '7654321',
  createdAt: '2026-03-02T09:00:00.000Z',
  paidAt: null,
  ...over,
});

export const salesReport = (over: Record<string, unknown> = {}) => ({
  from: '2026-03-01',
  to: '2026-03-05',
  totals: { revenue: 250, paid: 2, pending: 1, failed: 1, discountGiven: 100 },
  byDay: [
    { day: '2026-03-02', revenue: 100, orders: 1 },
    { day: '2026-03-04', revenue: 150, orders: 1 },
  ],
  byLecture: [
    { lectureId: 'l2', lectureName: 'الانقسام الميوزي', revenue: 100, orders: 1 },
    { lectureId: 'l3', lectureName: 'Genetics', revenue: 150, orders: 1 },
  ],
  coupons: [{ code: 'RAMADAN50', uses: 1, discountGiven: 100 }],
  orders: [
    { ...order({ id: 'o1', lectureId: 'l2', lectureName: 'الانقسام الميوزي', status: 'paid', method: 'card', originalPrice: 200, amount: 100, couponCode: 'RAMADAN50', discount: 50, kioskReference: null, createdAt: '2026-03-02T09:00:00.000Z', paidAt: '2026-03-02T09:01:00.000Z' }), studentName: 'منى حسن', studentDeleted: false, studentEmail: 'mona@example.com', studentPhone: '+201012345678' },
    { ...order({ id: 'o2', status: 'paid', method: 'kiosk', paidAt: '2026-03-04T12:00:00.000Z', createdAt: '2026-03-04T10:00:00.000Z' }), studentName: 'Omar, "the best"', studentDeleted: false, studentEmail: 'omar@example.com', studentPhone: '+201098765432' },
    { ...order({ id: 'o3', status: 'failed', method: 'card', kioskReference: null, createdAt: '2026-03-05T10:00:00.000Z' }), studentName: 'Sara', studentDeleted: true, studentEmail: 'sara@example.com', studentPhone: '' },
  ],
  ...over,
});
