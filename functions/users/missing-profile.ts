/** The "complete your profile" step of a Google sign-up: the phone and school year it lacks, given once. */
import type { z } from 'zod';
import type { completeProfileBody } from '../../shared/schemas/people';
import { addPhoneAndYear, userById, userIdByPhone } from '../data/user-repo';
import { Conflict, NotFound } from '../lib/errors';

export const PROFILE_COMPLETED = 'Your profile is complete';
const PHONE_TAKEN = 'An account with this mobile number already exists';
const ALREADY_COMPLETE = 'Your profile has a mobile number already';

export async function updateMissingProfile(userId: string, b: z.output<typeof completeProfileBody>): Promise<{ message: string }> {
  const user = await userById(userId);
  if (!user) throw new NotFound('This account no longer exists', 'notFound');
  if (user.mobileNumber) throw new Conflict(ALREADY_COMPLETE, 'profile.complete');
  if (await userIdByPhone(b.mobileNumber)) throw new Conflict(PHONE_TAKEN, 'auth.phoneInUse');
  try {
    await addPhoneAndYear(user, b.mobileNumber, b.schooleYear);
  } catch (e) {
    // A race with another account taking the number (or this one's other tab): the guard decided.
    throw e instanceof Conflict ? new Conflict(PHONE_TAKEN, 'auth.phoneInUse') : e;
  }
  return { message: PROFILE_COMPLETED };
}
