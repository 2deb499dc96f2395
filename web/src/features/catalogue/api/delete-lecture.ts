import { apiCall } from '@/lib/api-client';

/** A lecture someone bought is archived instead (the response says archived: true). */
export const deleteLecture = (id: string) => apiCall('DELETE /api/v/lecture/{id}', { params: { id } });
