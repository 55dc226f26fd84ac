export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
};

/** The one error type services throw; the error handler turns it into `{message, fields?}`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      /** More of the answer beside `message` (a refused import's full report, a count). */
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, { fields });
export const unauthorized = (message = 'Not signed in') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Not allowed') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { retryAfterSeconds });
