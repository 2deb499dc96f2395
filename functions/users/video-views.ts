/** A student's counted video views, for the teacher's student page: listed per video, and reset. */
import { resetViews, viewsOfUser } from '../data/video-view-repo';
import { lectureViewFacts } from '../catalogue/public';

export interface VideoViewRow {
  lectureId: string;
  lectureName: string;
  videoId: string;
  videoName: string;
  views: number;
  viewLimit: number | null;
}

/** Every video the student has views of (videos since deleted are left out), by lecture then video name. */
export async function videoViewsOf(userId: string): Promise<VideoViewRow[]> {
  const byLecture = await viewsOfUser(userId);
  const facts = await lectureViewFacts([...byLecture.keys()]);
  const rows: VideoViewRow[] = [];
  for (const [lectureId, counts] of byLecture) {
    const lecture = facts.get(lectureId);
    if (!lecture) continue;
    for (const [videoId, views] of counts) {
      const videoName = lecture.videos.get(videoId);
      if (videoName !== undefined && views > 0) rows.push({ lectureId, lectureName: lecture.name, videoId, videoName, views, viewLimit: lecture.viewLimit });
    }
  }
  return rows.sort((a, b) => a.lectureName.localeCompare(b.lectureName) || a.videoName.localeCompare(b.videoName));
}

export async function resetVideoViews(userId: string, lectureId: string, videoId?: string): Promise<{ message: string; reset: number }> {
  const reset = await resetViews(userId, lectureId, videoId);
  return { message: 'Views Reset Successfully', reset };
}
