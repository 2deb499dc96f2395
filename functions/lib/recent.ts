/**
 * Reads a whole class shares, kept a few seconds in the Lambda's memory instead of read once per
 * request: the lecture a class opens, its term, a quiz during an exam. Concurrent misses share one
 * read; a failed read is not kept; a missing record is (briefly), like any other answer.
 *
 * What may be kept: records every student reads alike, where an answer up to `ttlMs` old is
 * acceptable (a teacher's edit reaches the students of another Lambda instance within that time).
 * Never a student's own records (purchases, results, the session), never an admin's view, never a
 * read that decides a write unless the write carries its own condition (see quizzes/quiz-cache.ts).
 *
 * Any admin write route of this Lambda forgets everything kept (lib/http.ts calls forgetRecentReads
 * after it; a student's writes change no shared record), so locally — one process — an edit is seen at once.
 */
const all = new Set<Map<string, unknown>>();

export interface RecentReads<V> {
  (id: string, now?: number): Promise<V>;
  forget(id: string): void;
}

export function recentReads<V>(read: (id: string) => Promise<V>, ttlMs: number, max = 500): RecentReads<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  all.add(entries);
  const get = (id: string, now = Date.now()): Promise<V> => {
    const hit = entries.get(id);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = read(id);
    entries.delete(id);
    entries.set(id, { at: now, value });
    value.catch(() => entries.get(id)?.value === value && entries.delete(id));
    // Oldest first: Map keeps insertion order, and a re-read moves the id to the end.
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return value;
  };
  return Object.assign(get, { forget: (id: string) => void entries.delete(id) });
}

const forgotten = new Set<() => void>();
/** `listener` is told each time this Lambda forgets its kept reads (the local platform's store recording notes it). */
export function onForgetRecentReads(listener: () => void): void {
  forgotten.add(listener);
}

/** Drops every recent read of this Lambda (after any write it serves). */
export function forgetRecentReads(): void {
  for (const m of all) m.clear();
  for (const listener of forgotten) listener();
}
