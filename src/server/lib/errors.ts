/** The HTTP meaning of an error: which status it answers with. */
export type ErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'INSUFFICIENT_STORAGE';

export const ERROR_STATUS: Record<ErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
};

export interface AppErrorExtra {
  /** The stable domain code the answer carries (`ORDER_NOT_FOUND`); the kind's own name when absent. */
  code?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** More of the answer beside `message` (a refused import's full report, a count). */
  details?: Record<string, unknown>;
}

/**
 * Every code an answer can carry, with its kind: the kinds themselves (the generic codes) and each
 * capability's codes, added by `defineErrors` when its module loads. The OpenAPI document lists them.
 */
export const errorCodes = new Map<string, ErrorKind>(
  (Object.keys(ERROR_STATUS) as ErrorKind[]).map((kind) => [kind, kind]),
);

/** The one error type services throw; the error handler turns it into `{code, message, fields?}`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[kind];
    this.code = extra.code ?? kind;
  }
}

type ErrorFactory = (message: string, extra?: Omit<AppErrorExtra, 'code'>) => AppError;

/**
 * Declares a capability's error codes beside the code that raises them:
 * `const orderErrors = defineErrors({ ORDER_NOT_FOUND: 'NOT_FOUND' })`, then
 * `throw orderErrors.ORDER_NOT_FOUND('Order not found')`. A code means one thing everywhere: declaring
 * it twice with different kinds is a programming error.
 */
export function defineErrors<const T extends Record<string, ErrorKind>>(
  codes: T,
): { readonly [K in keyof T]: ErrorFactory } {
  const factories: Record<string, ErrorFactory> = {};
  for (const [code, kind] of Object.entries(codes)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new Error(`error code ${code} is not UPPER_SNAKE_CASE`);
    const known = errorCodes.get(code);
    if (known && known !== kind) throw new Error(`error code ${code} is declared as ${known} and ${kind}`);
    errorCodes.set(code, kind);
    factories[code] = (message, extra = {}) => new AppError(kind, message, { ...extra, code });
  }
  return factories as { readonly [K in keyof T]: ErrorFactory };
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, { fields });
export const unauthorized = (message = 'Not signed in') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Not allowed') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { retryAfterSeconds });
