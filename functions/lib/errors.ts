/**
 * Typed errors, thrown anywhere and turned into `{message}` with the right status by the one
 * error middleware in http.ts. A 5xx never says anything internal.
 */
import type { ApiErrorBody } from '../../shared/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, 'message'> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError {
  constructor(message: string, errors?: ApiErrorBody['errors']) {
    super(400, message, errors ? { errors } : {});
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden', extra: Omit<ApiErrorBody, 'message'> = {}) {
    super(403, message, extra);
  }
}
export class Blocked extends Forbidden {
  constructor(message = 'Your account has been blocked. Please contact the staff.') {
    super(message, { user: { block: true } });
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message = 'Conflict') {
    super(409, message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message = 'The request is too large') {
    super(413, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(message = 'Too many attempts, try again later') {
    super(429, message);
  }
}
export class NotImplemented extends HttpError {
  constructor(message = 'Not implemented yet') {
    super(501, message);
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message = 'Service unavailable') {
    super(503, message);
  }
}

/** DynamoDB's failed condition, by name, so the data layer can map it without importing the SDK's class. */
export const isConditionFailed = (e: unknown) =>
  e instanceof Error && (e.name === 'ConditionalCheckFailedException' || (e.name === 'TransactionCanceledException' && /ConditionalCheckFailed/.test(e.message)));
