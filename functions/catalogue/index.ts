import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { addVideosHandler } from './add-videos';
import { createCourseHandler } from './create-course';
import { deleteCourseHandler } from './delete-course';
import { deleteLectureHandler } from './delete-lecture';
import { deleteVideoHandler } from './delete-video';
import { updateVideoHandler } from './update-video';
import { getLectureHandler } from './get-lecture';
import { getSignedUrlHandler } from './get-signed-url';
import { listCoursesHandler } from './list-courses';
import { listLecturesHandler } from './list-lectures';
import { listLecturesAdminHandler } from './list-lectures-admin';
import { listSectionsHandler } from './list-sections';
import { listTermLecturesHandler } from './list-term-lectures';
import { listTermsHandler } from './list-terms';
import { saveLectureHandler } from './save-lecture';
import { toggleTermLockHandler } from './toggle-term-lock';
import { updateCourseHandler } from './update-course';
import { updateLectureHandler } from './update-lecture';

/** The catalogue domain's Lambda: courses, terms, sections, lectures, videos and uploads. */
export const handler = domainHandler('catalogue', {
  'GET /api/cours/all': listCoursesHandler,
  'POST /api/cours/create-course': createCourseHandler,
  'PUT /api/cours/{id}': updateCourseHandler,
  'DELETE /api/cours/{id}': deleteCourseHandler,
  'GET /api/cours/Term/{courseFor}/{courseId}': listTermsHandler,
  'PATCH /api/cours/Term/lock/{termId}': toggleTermLockHandler,
  'GET /api/cours/content/{termId}': listSectionsHandler,
  'GET /api/v/lecture/{id}': listLecturesAdminHandler,
  'GET /api/cours/lecture/{contentId}': listLecturesHandler,
  'GET /api/admin/getlecture/{termId}': listTermLecturesHandler,
  'POST /api/AWS/save-lecture': saveLectureHandler,
  'DELETE /api/v/lecture/{id}': deleteLectureHandler,
  'GET /api/cours/lectureaaa/{id}': getLectureHandler,
  'PATCH /api/AWS/lectures/{id}': updateLectureHandler,
  'POST /api/AWS/lectures/videos/{lectureId}': addVideosHandler,
  'DELETE /api/AWS/lectures/video/{videoId}': deleteVideoHandler,
  'PATCH /api/AWS/lectures/video/{videoId}': updateVideoHandler,
  'GET /api/AWS/get-signed-url': getSignedUrlHandler,
}, sessionGate);
