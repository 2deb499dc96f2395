/** The course list lives in lib/endpoints (the coupon form lists the courses too); the catalogue's modules import it from here. */
export { listCoursesApi, useListCoursesQuery } from '@/lib/endpoints/list-courses';
