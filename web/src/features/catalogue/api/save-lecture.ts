import type { Lecture } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export interface VideoToSave {
  videoUrl: string;
  videoName: string;
  quizId: string | null;
}

export interface NewLecture {
  name: string;
  subtitle: string;
  /** Spec 5: a free lecture sends 0. */
  price: number;
  isFree: boolean;
  /** Days a purchase lasts. */
  accessDays: number;
  /** Views per student of each video; null: no limit. */
  viewLimit: number | null;
  contentId: string;
  imageFile: File;
  videoUrls: VideoToSave[];
}

/** Multipart (spec 7, and the access period in days); numberOfLectures is the video count. The section's lecture grid refetches (tag Lecture). */
export const saveLectureApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveLecture: build.mutation<ResponseOf<'POST /api/AWS/save-lecture'>, NewLecture>({
      query: (input) => {
        const form = new FormData();
        form.set('name', input.name);
        form.set('subtitle', input.subtitle);
        form.set('numberOfLectures', String(input.videoUrls.length));
        form.set('price', String(input.price));
        form.set('isFree', String(input.isFree));
        form.set('accessDays', String(input.accessDays));
        form.set('viewLimit', input.viewLimit === null ? '' : String(input.viewLimit));
        form.set('contentId', input.contentId);
        form.set('imageFile', input.imageFile);
        form.set('videoUrls', JSON.stringify(input.videoUrls));
        return { route: 'POST /api/AWS/save-lecture', formData: form };
      },
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export type { Lecture };
export const { useSaveLectureMutation } = saveLectureApi;
