import type { UserRow } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type UserPage = ResponseOf<'GET /api/admin/allusers'>;
export type { UserRow };
export interface UsersArgs {
  search?: string;
  page: number;
  /** Rows a page; the server's default (USERS_PAGE_SIZE) when absent. */
  limit?: number;
  /** Issue 41: only the students flagged for sharing (refused devices, taken-over videos). */
  flagged?: boolean;
  /** Issue 42: the latest active (signed in or watching) first. */
  lastActive?: boolean;
  /** Only the parents (issue 43), newest first; the flag and the order above are then not used. */
  parents?: boolean;
}

/** Spec 7: GET /api/admin/allusers?search&page&limit: newest first, pages of USERS_PAGE_SIZE (the server's default). */
export const listUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserPage, UsersArgs>({
      query: ({ search, page, limit, flagged, lastActive, parents }) => ({
        route: 'GET /api/admin/allusers',
        query: parents
          ? { search: search || undefined, page, limit, parents: true }
          : { search: search || undefined, page, limit, flagged: flagged || undefined, sort: lastActive ? 'lastActive' : undefined },
      }),
      providesTags: ['User'],
    }),
  }),
});

export const { useListUsersQuery } = listUsersApi;
