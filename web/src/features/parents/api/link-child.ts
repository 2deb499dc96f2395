import { api } from '@/lib/api';
import { type Child, PARENT_ROUTES } from '@/lib/parent-routes';
import { normaliseParentCode } from '@/lib/parent-code';
import { listChildrenApi } from './list-children';

/** Issue 43: POST /api/parent/children {code} — link another child with the code they made; the new child joins the list. */
export const linkChildApi = api.injectEndpoints({
  endpoints: (build) => ({
    linkChild: build.mutation<Child, string>({
      query: (code) => ({ route: PARENT_ROUTES.linkChild, body: { code: normaliseParentCode(code) } as never }),
      transformResponse: (res: { data: Child }) => res.data,
      async onQueryStarted(_code, { dispatch, queryFulfilled }) {
        const linked = await queryFulfilled.then(
          (r) => r.data,
          () => undefined,
        );
        if (linked) dispatch(listChildrenApi.util.updateQueryData('listChildren', undefined, (children) => [...children.filter((c) => c.id !== linked.id), linked]));
      },
    }),
  }),
});

export const { useLinkChildMutation } = linkChildApi;
