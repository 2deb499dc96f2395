/** First message per top-level field, from zod issues or the server's `errors` list. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(issues: readonly { path: PropertyKey[] | string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = String(Array.isArray(issue.path) ? (issue.path[0] ?? '') : issue.path.split('.')[0]);
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
