import type { Lecture } from '@shared/schemas/catalogue';
import { apiCall } from '@/lib/api-client';
import type { VideoToSave } from './save-lecture';

/** Appends the videos after the lecture's last one. */
export async function addVideos(lectureId: string, videos: VideoToSave[]): Promise<Lecture> {
  const res = await apiCall('POST /api/AWS/lectures/videos/{lectureId}', { params: { lectureId }, body: videos });
  return res.data;
}
