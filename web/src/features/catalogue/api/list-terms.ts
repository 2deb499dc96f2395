/** The terms list lives in lib/endpoints (the users' assign-lecture modal lists terms too); the catalogue's modules import it from here. */
export { listTermsApi, type TermsOf, useListTermsQuery } from '@/lib/endpoints/list-terms';
