/**
 * Demo content for `npm start`, seeded once the catalogue exists (issue: catalogue, content and
 * lectures). Idempotent: a second start finds it and changes nothing.
 */
export async function seedDemo(): Promise<{ seeded: boolean; detail?: string }> {
  return { seeded: false, detail: 'no catalogue yet: demo content arrives with the catalogue feature' };
}
