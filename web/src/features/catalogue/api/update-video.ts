import { apiCall } from '@/lib/api-client';

/** A video's name or quiz, changed in place. */
export const updateVideo = (videoId: string, body: { videoName?: string; quizId?: string | null }) =>
  apiCall('PATCH /api/AWS/lectures/video/{videoId}', { params: { videoId }, body });
