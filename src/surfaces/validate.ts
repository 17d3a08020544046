// Input validation shared by REST and MCP: the same op.input, the same error codes and messages on both surfaces.
import { ServiceError, type ParameterError } from '../errors/index.ts';
import type { AnyOperation } from '../ops/operation.ts';
import { inputInfo, type FieldInfo } from './input-info.ts';

const KIND_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  string: 'text',
  array: 'a list of values',
};

/** unknown_parameter naming the offending names and listing the accepted ones. */
export function unknownParameters(op: AnyOperation, names: readonly string[]): ServiceError {
  const accepted = inputInfo(op).names;
  const list = accepted.length ? accepted.join(', ') : '(none)';
  const shown = names.slice(0, 20).map((n) => n.slice(0, 100));
  return new ServiceError(
    'unknown_parameter',
    `${op.name} does not take ${shown.length === 1 ? 'the parameter' : 'the parameters'} ${shown.join(', ')}. Accepted parameters: ${list}.`,
    {
      errors: shown.map((parameter) => ({ parameter, message: 'unknown parameter', allowed: `one of: ${list}` })),
      extra: { accepted },
    },
  );
}

/** invalid_parameter with one entry per rejected parameter, each stating what is allowed. */
export function invalidParameters(errors: ParameterError[]): ServiceError {
  const names = [...new Set(errors.map((e) => e.parameter))];
  const detail = errors.length === 1
    ? `Invalid value for ${errors[0].parameter}: ${errors[0].message}.`
    : `Invalid values for ${names.join(', ')}.`;
  return new ServiceError('invalid_parameter', detail, { errors });
}

type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[] };

function messageFor(issue: Issue, field: FieldInfo | undefined, value: unknown): string {
  if (value === undefined && issue.path.length === 1) return 'required';
  const item = issue.path.length > 1 && typeof issue.path[1] === 'number' ? `item ${issue.path[1] + 1}: ` : '';
  if (issue.code === 'invalid_type' && field) {
    const kind = item ? field.itemKind : field.kind;
    // An MCP caller that sends REST's comma-separated form ("a,b") is shown the array it meant.
    if (!item && kind === 'array' && typeof value === 'string') {
      const meant = JSON.stringify(value.slice(0, 200).split(',').map((v) => v.trim()).filter(Boolean).slice(0, 10));
      return `expected a list of values, not text: send a JSON array, e.g. ${meant}`;
    }
    return `${item}expected ${KIND_WORDS[kind] ?? 'another type'}`;
  }
  // A bound is said in the parameter's own range, not the schema's: `days=1e308` broke the implicit safe-integer
  // bound of an int schema and read "expected int to be <=9007199254740991" where days runs from 1 to 3650.
  if ((issue.code === 'too_big' || issue.code === 'too_small') && field?.allowed) {
    const got = !item && (typeof value === 'string' || typeof value === 'number') ? ` (got ${String(value).slice(0, 40)})` : '';
    return `${item}out of range${got}: ${field.allowed}`;
  }
  return `${item}${issue.message}`;
}

/**
 * Parse `raw` with the operation's input schema. Unknown names are rejected before the schema runs, so the
 * answer does not depend on whether a schema is strict. Returns the parsed input (defaults applied).
 */
export function validateInput(op: AnyOperation, raw: Record<string, unknown>): Record<string, unknown> {
  const info = inputInfo(op);
  const unknown = Object.keys(raw).filter((k) => !info.fields.has(k));
  if (unknown.length) throw unknownParameters(op, unknown);
  const parsed = op.input.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors: ParameterError[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues as Issue[]) {
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) throw unknownParameters(op, issue.keys);
    const parameter = issue.path.length ? String(issue.path[0]) : '(input)';
    if (seen.has(parameter)) continue;
    seen.add(parameter);
    const field = info.fields.get(parameter);
    const e: ParameterError = { parameter, message: messageFor(issue, field, raw[parameter]) };
    if (field) e.allowed = field.allowed;
    errors.push(e);
  }
  throw invalidParameters(errors);
}
