/** The catalogue texts the spec quotes (sections 2, 5, 8): shown verbatim in both languages. */
export const CATALOGUE_TEXTS = {
  noContent: 'لم يتم العثور على محتوى.',
  lockedVideo: 'هذا الفيديو مقفل',
  courseAdded: 'Course Added Succesfully',
  courseDeleted: 'Course Deleted Succesfully',
  imageTooBig: 'maximum size for image is 1MB',
  lectureAdded: 'Lecture Added Successfully',
  lectureUpdated: 'Lecture Updated Successfully',
  lectureImageRequired: 'Please select an image for the lecture',
  free: 'free',
  genericError: 'Somthing went wrong',
  noQuizzes: 'No quizzes yet',
} as const;
