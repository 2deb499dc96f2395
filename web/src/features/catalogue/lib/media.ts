import { apiUrl } from '@/lib/api-client';

/** Images come as site paths (/media/images/…); they live where the API does. */
export const mediaSrc = (path: string | null | undefined): string | undefined => (path ? (path.startsWith('/') ? apiUrl(path) : path) : undefined);
