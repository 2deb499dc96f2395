import type { Lecture } from '@shared/schemas/catalogue';
import { apiCall } from '@/lib/api-client';

export interface LectureChanges {
  name: string;
  subTitle: string;
  price: number;
  isFree: boolean;
  imageFile?: File;
}

/** Multipart PATCH (spec 7): name, subTitle, price, isFree, imageFile. */
export async function updateLecture(id: string, input: LectureChanges): Promise<Lecture> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('subTitle', input.subTitle);
  form.set('price', String(input.price));
  form.set('isFree', String(input.isFree));
  if (input.imageFile) form.set('imageFile', input.imageFile);
  const res = await apiCall('PATCH /api/AWS/lectures/{id}', { params: { id }, formData: form });
  return res.data;
}
