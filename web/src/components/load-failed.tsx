import { errorBodyOf } from '@/lib/messages';

/** The message a failed call's body carries, if it carries one (else the screen says its own). */
export function serverMessageOf(error: unknown): string | undefined {
  const message = errorBodyOf(error)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** A screen whose data did not load: what went wrong, and a button to load it again. */
export function LoadFailed({ message, retryText, onRetry }: { message: string; retryText: string; onRetry: () => void }) {
  return (
    <div className="notice" role="alert">
      <p className="field-error" dir="auto">
        {message}
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {retryText}
      </button>
    </div>
  );
}
