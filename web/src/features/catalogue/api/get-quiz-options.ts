import { apiCall, ApiError } from '@/lib/api-client';

export interface QuizOption {
  id: string;
  title: string;
}

/**
 * The quizzes a video can be tied to. The quiz routes answer 501 until the quiz issue lands;
 * then (and on any other failure) the select just offers none.
 */
export async function getQuizOptions(): Promise<QuizOption[]> {
  try {
    const res = (await apiCall('GET /api/Quiz/AllQuizz')) as { data?: unknown } | unknown[] | undefined;
    const list = Array.isArray(res) ? res : Array.isArray((res as { data?: unknown })?.data) ? ((res as { data: unknown[] }).data) : [];
    return list
      .filter((q): q is { id: string; title?: string } => !!q && typeof q === 'object' && typeof (q as { id?: unknown }).id === 'string')
      .map((q) => ({ id: q.id, title: q.title ?? q.id }));
  } catch (e) {
    if (e instanceof ApiError) return [];
    throw e;
  }
}
