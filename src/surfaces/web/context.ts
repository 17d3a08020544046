// What a page may do: run registry operations through the Executor (one admission per page), nothing else.
import { ServiceError } from '../../errors/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import type { Executor } from '../execute.ts';
import { coerceQuery } from '../rest/query.ts';
import { validateInput } from '../validate.ts';
import type { SafeHtml } from './escape.ts';
import type { Json } from './format.ts';

export type Query = Record<string, string | string[] | undefined>;

export type PageContext = {
  today: string;
  /** True for pro and enterprise callers: answers carry per-fact sources. */
  full: boolean;
  /** Run an operation on text inputs as a query string gives them; the same coercion and validation as REST. */
  run(opName: string, query: Query, params?: Record<string, string>): Json;
  /** Every answer the page used, for the footer's date, attribution and sources. */
  answers: Json[];
};

export type PageResult = { title: string; body: SafeHtml; status?: number };
export type PageHandler = (ctx: PageContext, params: Record<string, string>, query: Query) => PageResult;

export function pageContext(executor: Executor, ops: ReadonlyMap<string, AnyOperation>, full: boolean, today: string): PageContext {
  const answers: Json[] = [];
  return {
    today,
    full,
    answers,
    run(opName, query, params = {}) {
      const op = ops.get(opName);
      if (!op) throw new ServiceError('internal_error', `The page needs ${opName}, which this server does not serve.`);
      const defined: Query = {};
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') defined[k] = v;
      const value = executor.run(op, validateInput(op, coerceQuery(op, defined, params)), full).value;
      answers.push(value);
      return value;
    },
  };
}

/** One text value of a query parameter (the first when repeated), or undefined. */
export function one(q: Query, name: string): string | undefined {
  const v = q[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

/** Page-level parameter errors, shaped as the API's invalid_parameter so the error page lists them the same way. */
export function badParameter(parameter: string, message: string, allowed: string): ServiceError {
  const errors = [{ parameter, message, allowed }];
  return new ServiceError('invalid_parameter', `Invalid value for ${parameter}: ${message}.`, { errors });
}
