import { pathOf } from '@shared/route-path';
import { apiUrl } from '@/lib/api-client';
import { deviceId } from '@/lib/device-id';

/** Spec 2: the browser itself navigates (GET) to {host}/api/auth/google, with this browser's device id (issue 41). */
export const googleStartUrl = () => apiUrl(pathOf('GET /api/auth/google'), { deviceId: deviceId() });
