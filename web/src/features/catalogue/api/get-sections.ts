import type { z } from 'zod';
import type { section } from '@shared/schemas/catalogue';
import { apiCall } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

export type Section = z.infer<typeof section>;

/** A student on a locked term gets 403 {message: 'This term is locked'}. */
export async function getSections(termId: string): Promise<Section[]> {
  const res = await apiCall('GET /api/cours/content/{termId}', { params: { termId } });
  return listOf(res);
}
