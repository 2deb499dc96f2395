/** The body of every error response, on every route. */
export interface ApiErrorBody {
  message: string;
  /** Field-level problems of a 400, one readable line each. */
  errors?: { path: string; message: string }[];
  /** Present on a 403 for a blocked user, so the client logs out. */
  user?: { block: true };
}
