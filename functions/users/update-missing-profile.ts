import { type Handler, ok } from '../lib/http';
import * as missingProfile from './missing-profile';

/** PATCH /api/user/complete-profile {mobileNumber, schooleYear}: once, for a Google sign-up; then it may buy. */
export const updateMissingProfile: Handler<'PATCH /api/user/complete-profile'> = async ({ auth, body }) => ok(await missingProfile.updateMissingProfile(auth.userId, body));
