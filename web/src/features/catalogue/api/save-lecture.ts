import type { Lecture } from '@shared/schemas/catalogue';
import { apiCall } from '@/lib/api-client';

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
  contentId: string;
  imageFile: File;
  videoUrls: VideoToSave[];
}

/** Multipart (spec 7); numberOfLectures is the video count. */
export async function saveLecture(input: NewLecture): Promise<Lecture> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('subtitle', input.subtitle);
  form.set('numberOfLectures', String(input.videoUrls.length));
  form.set('price', String(input.price));
  form.set('isFree', String(input.isFree));
  form.set('contentId', input.contentId);
  form.set('imageFile', input.imageFile);
  form.set('videoUrls', JSON.stringify(input.videoUrls));
  const res = await apiCall('POST /api/AWS/save-lecture', { formData: form });
  return res.data;
}
