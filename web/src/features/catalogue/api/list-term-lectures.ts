/** A term's lectures live in lib/endpoints (the users' assign-lecture modal picks one to grant). */
export { listTermLecturesApi, useListTermLecturesQuery } from '@/lib/endpoints/list-term-lectures';
