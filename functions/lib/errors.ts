/**
 * Typed errors, thrown anywhere and turned into `{ message, code }` with the right status by the
 * one error middleware in http.ts. Each class has a default code (shared/errors.ts); a thrower
 * names a sharper one: `new Conflict('An account with this e-mail already exists', 'auth.emailInUse')`.
 * A 5xx never says anything internal.
 */
import type { ApiErrorBody, ErrorCode, FieldError } from '../../shared/errors';

type Extra = Omit<ApiErrorBody, 'message' | 'code'>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    readonly extra: Extra = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError {
  constructor(message: string, code: ErrorCode = 'badRequest') {
    super(400, message, code);
  }
}
/** A 400 `validation`: each problem with its field and rule; the message joins their English. */
export class ValidationFailed extends HttpError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors.map((e) => e.message).join('; '), 'validation', { errors });
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized', code: ErrorCode = 'unauthorized') {
    super(401, message, code);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden', code: ErrorCode = 'forbidden', extra: Extra = {}) {
    super(403, message, code, extra);
  }
}
export class Blocked extends Forbidden {
  constructor(message = 'Your account has been blocked. Please contact the staff.') {
    super(message, 'user.blocked', { user: { block: true } });
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found', code: ErrorCode = 'notFound') {
    super(404, message, code);
  }
}
export class Conflict extends HttpError {
  constructor(message = 'Conflict', code: ErrorCode = 'conflict') {
    super(409, message, code);
  }
}
/** 410: it existed and is over (an expired coupon). */
export class Gone extends HttpError {
  constructor(message = 'Gone', code: ErrorCode = 'notFound') {
    super(410, message, code);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message = 'The request is too large', code: ErrorCode = 'tooLarge') {
    super(413, message, code);
  }
}
export class TooManyRequests extends HttpError {
  /** `retryAfter`: seconds to wait, sent as `retryAfter` in the body and as the Retry-After header. */
  constructor(message = 'Too many attempts, try again later', code: ErrorCode = 'tooManyRequests', retryAfter?: number) {
    super(429, message, code, retryAfter === undefined ? {} : { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
  }
}
export class NotImplemented extends HttpError {
  constructor(message = 'Not implemented yet', code: ErrorCode = 'notImplemented') {
    super(501, message, code);
  }
}
/** 502: a service we call (Paymob) refused or did not answer; the message says nothing internal. */
export class BadGateway extends HttpError {
  constructor(message = 'An outside service did not answer', code: ErrorCode = 'unavailable') {
    super(502, message, code);
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message = 'Service unavailable', code: ErrorCode = 'unavailable') {
    super(503, message, code);
  }
}

/** DynamoDB's failed condition, by name, so the data layer can map it without importing the SDK's class. */
export const isConditionFailed = (e: unknown) =>
  e instanceof Error && (e.name === 'ConditionalCheckFailedException' || (e.name === 'TransactionCanceledException' && /ConditionalCheckFailed/.test(e.message)));
