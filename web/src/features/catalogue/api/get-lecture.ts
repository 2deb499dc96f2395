import type { Lecture } from '@shared/schemas/catalogue';
import { apiCall } from '@/lib/api-client';

/** One lecture with its videos; a video has a signedUrl only when the viewer may watch it. */
export async function getLecture(id: string): Promise<Lecture> {
  const res = await apiCall('GET /api/cours/lectureaaa/{id}', { params: { id } });
  return res.data;
}
