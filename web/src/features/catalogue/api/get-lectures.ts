import type { Lecture } from '@shared/schemas/catalogue';
import { apiCall } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

/** A student's view of a section's lectures: canWatch (and purchase dates) per lecture. */
export async function getLectures(contentId: string): Promise<Lecture[]> {
  const res = await apiCall('GET /api/cours/lecture/{contentId}', { params: { contentId } });
  return listOf(res);
}

/** The admin's view (the id is the contentId): videos carry their stored key for editing. */
export async function getAdminLectures(contentId: string): Promise<Lecture[]> {
  const res = await apiCall('GET /api/v/lecture/{id}', { params: { id: contentId } });
  return listOf(res);
}
