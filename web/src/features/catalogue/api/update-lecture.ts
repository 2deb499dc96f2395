import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export interface LectureChanges {
  id: string;
  name: string;
  subTitle: string;
  price: number;
  isFree: boolean;
  /** Days a purchase lasts. */
  accessDays: number;
  /** Views per student of each video; null: no limit. */
  viewLimit: number | null;
  imageFile?: File;
}

/** Multipart PATCH (spec 7): name, subTitle, price, isFree, imageFile; and the access period in days. The lecture grid refetches. */
export const updateLectureApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateLecture: build.mutation<ResponseOf<'PATCH /api/AWS/lectures/{id}'>, LectureChanges>({
      query: ({ id, ...input }) => {
        const form = new FormData();
        form.set('name', input.name);
        form.set('subTitle', input.subTitle);
        form.set('price', String(input.price));
        form.set('isFree', String(input.isFree));
        form.set('accessDays', String(input.accessDays));
        form.set('viewLimit', input.viewLimit === null ? '' : String(input.viewLimit));
        if (input.imageFile) form.set('imageFile', input.imageFile);
        return { route: 'PATCH /api/AWS/lectures/{id}', params: { id }, formData: form };
      },
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export const { useUpdateLectureMutation } = updateLectureApi;
