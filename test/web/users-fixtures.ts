/** People data as the API answers it (shared/schemas/people.ts, responses.ts), for the web tests. */
export const userRow = (over: Record<string, unknown> = {}) => ({
  id: 'u1',
  firstName: 'Mona',
  lastName: 'Hassan',
  email: 'mona@example.com',
  mobileNumber: '+201012345678',
  schooleYear: 'Second year',
  role: 'USER',
  block: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: null as string | null,
  ...over,
});
export type UserRowFixture = ReturnType<typeof userRow>;
