// The closed catalogue of coded errors: every error a caller can see, with its HTTP status and title.
// Surfaces render a ServiceError (REST: problem+json; MCP: a tool result with isError) and nothing else.
import { redactKeys } from './redact.ts';

export const ERROR_CATALOG = {
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  unknown_parameter: { status: 400, title: 'Unknown parameter' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  revoked_api_key: { status: 401, title: 'Revoked API key' },
  forbidden: { status: 403, title: 'Forbidden' },
  model_not_found: { status: 404, title: 'Model not found' },
  hardware_not_found: { status: 404, title: 'Hardware configuration not found' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  not_acceptable: { status: 406, title: 'Not acceptable' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: { status: 413, title: 'Request too large' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  headers_too_large: { status: 431, title: 'Request headers too large' },
  internal_error: { status: 500, title: 'Internal error' },
  not_ready: { status: 503, title: 'Service not ready' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** One problem with one input parameter; `allowed` states what would have been accepted. */
export type ParameterError = { parameter: string; message: string; allowed?: string };

export type ErrorOptions = {
  errors?: ParameterError[];
  suggestions?: string[];
  /** Seconds until a limit resets (rate_limited). */
  retry_after?: number;
  /** Extra members of the problem body (e.g. `reset` for rate_limited). */
  extra?: Record<string, unknown>;
  /** Response headers that belong to the error (e.g. `WWW-Authenticate` on a 401); REST sends them. */
  headers?: Record<string, string>;
};

/**
 * An error echoes what the caller sent (an id, a parameter value): a key pasted in the wrong place (a model id
 * `/models/mds_pro_...`, a `?q=`) would come back in the body, and from there into proxies' and clients' logs.
 */
function redactOptions(o: ErrorOptions): ErrorOptions {
  if (!o.errors && !o.suggestions) return o;
  const out: ErrorOptions = { ...o };
  if (o.errors) {
    out.errors = o.errors.map((e) => {
      const r: ParameterError = { ...e, parameter: redactKeys(e.parameter), message: redactKeys(e.message) };
      if (e.allowed !== undefined) r.allowed = redactKeys(e.allowed);
      return r;
    });
  }
  if (o.suggestions) out.suggestions = o.suggestions.map(redactKeys);
  return out;
}

/** The only error type that crosses from engines and ops to surfaces. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly options: ErrorOptions;

  constructor(code: ErrorCode, detail: string, options: ErrorOptions = {}) {
    super(detail);
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.title = ERROR_CATALOG[code].title;
    this.detail = redactKeys(detail);
    this.message = this.detail;
    this.options = redactOptions(options);
  }
}

/** RFC 9457 problem details, as both surfaces show them. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  instance?: string;
  errors?: ParameterError[];
  suggestions?: string[];
  [extra: string]: unknown;
};

/** Problem type URIs are stable documentation anchors, not fetched by clients. */
export const PROBLEM_TYPE_BASE = 'https://model-data.dev/problems/';

export function toProblem(err: ServiceError, instance?: string): Problem {
  const p: Problem = {
    type: `${PROBLEM_TYPE_BASE}${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.detail,
    code: err.code,
  };
  if (instance !== undefined) p.instance = redactKeys(instance);
  if (err.options.errors?.length) p.errors = err.options.errors;
  if (err.options.suggestions) p.suggestions = err.options.suggestions;
  if (err.options.extra) Object.assign(p, err.options.extra);
  return p;
}

/** Anything that is not a ServiceError becomes an internal_error with no internals in it. */
export function asServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  return new ServiceError('internal_error', 'The server could not answer this request. The error has been logged.');
}
