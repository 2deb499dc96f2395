import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { savePlaybackProgress } from './save-playback-progress';
import { sendProgressBeacon } from './send-progress-beacon';
import { getVideoAnalytics } from './get-video-analytics';
import { listUserWatching } from './list-user-watching';
import { addVideos } from './add-videos';
import { countVideoView } from './count-video-view';
import { createCourse } from './create-course';
import { deleteCourse } from './delete-course';
import { deleteLecture } from './delete-lecture';
import { deleteVideo } from './delete-video';
import { updateVideo } from './update-video';
import { startVideoTranscode } from './start-video-transcode';
import { getLecture } from './get-lecture';
import { getTermBundle } from './get-term-bundle';
import { getSignedUrl } from './get-signed-url';
import { getVideoKey } from './get-video-key';
import { deleteVideoUpload } from './delete-video-upload';
import { finishVideoUpload } from './finish-video-upload';
import { listUploadParts } from './list-upload-parts';
import { signUploadParts } from './sign-upload-parts';
import { startVideoUpload } from './start-video-upload';
import { listCourses } from './list-courses';
import { listLectures } from './list-lectures';
import { listLecturesAdmin } from './list-lectures-admin';
import { listSections } from './list-sections';
import { listTermLectures } from './list-term-lectures';
import { listTerms } from './list-terms';
import { saveLecture } from './save-lecture';
import { startPlayback } from './start-playback';
import { toggleTermLock } from './toggle-term-lock';
import { updateCourse } from './update-course';
import { updateLecture } from './update-lecture';
import { updateTerm } from './update-term';

/** The catalogue domain's Lambda: courses, terms, sections, lectures, videos and uploads. */
export const handler = domainHandler('catalogue', {
  'GET /api/cours/all': listCourses,
  'POST /api/cours/create-course': createCourse,
  'PUT /api/cours/{id}': updateCourse,
  'DELETE /api/cours/{id}': deleteCourse,
  'GET /api/cours/Term/{courseFor}/{courseId}': listTerms,
  'PATCH /api/cours/Term/lock/{termId}': toggleTermLock,
  'PATCH /api/cours/Term/bundle/{termId}': updateTerm,
  'GET /api/cours/bundle/{termId}': getTermBundle,
  'GET /api/cours/content/{termId}': listSections,
  'GET /api/v/lecture/{id}': listLecturesAdmin,
  'GET /api/cours/lecture/{contentId}': listLectures,
  'GET /api/admin/getlecture/{termId}': listTermLectures,
  'POST /api/AWS/save-lecture': saveLecture,
  'DELETE /api/v/lecture/{id}': deleteLecture,
  'GET /api/cours/lectureaaa/{id}': getLecture,
  'PATCH /api/AWS/lectures/{id}': updateLecture,
  'POST /api/AWS/lectures/videos/{lectureId}': addVideos,
  'DELETE /api/AWS/lectures/video/{videoId}': deleteVideo,
  'PATCH /api/AWS/lectures/video/{videoId}': updateVideo,
  'POST /api/AWS/lectures/video/{videoId}/transcode': startVideoTranscode,
  'POST /api/AWS/lectures/{id}/videos/{videoId}/playback': startPlayback,
  'POST /api/AWS/lectures/{id}/videos/{videoId}/progress': savePlaybackProgress,
  'POST /api/AWS/lectures/{id}/videos/{videoId}/progress/beacon': sendProgressBeacon,
  'GET /api/admin/videos/{videoId}/analytics': getVideoAnalytics,
  'GET /api/admin/users/{userId}/watching': listUserWatching,
  'POST /api/AWS/lectures/{id}/videos/{videoId}/views': countVideoView,
  'GET /api/AWS/media-keys/{assetId}': getVideoKey,
  'GET /api/AWS/get-signed-url': getSignedUrl,
  'POST /api/AWS/uploads': startVideoUpload,
  'POST /api/AWS/uploads/parts': signUploadParts,
  'GET /api/AWS/uploads/parts': listUploadParts,
  'POST /api/AWS/uploads/finish': finishVideoUpload,
  'DELETE /api/AWS/uploads': deleteVideoUpload,
}, sessionGate);
