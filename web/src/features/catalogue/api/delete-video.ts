import { apiCall } from '@/lib/api-client';

export const deleteVideo = (videoId: string) => apiCall('DELETE /api/AWS/lectures/video/{videoId}', { params: { videoId } });
