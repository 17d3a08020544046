// Helpers shared by the catalogue and price adapters (models.dev, genai-prices, LiteLLM): dates, issues, field checks, units.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { IsoDate } from '../schema/index.ts';
import { placeOfRegion } from './cloud-regions.ts';
import type { IngestIssue } from './types.ts';

/** Where a record sits, so that every issue names its source, file and row. */
export type Where = { source: string; file: string; row: string };

export function issueAt(where: Where, message: string, field?: string): IngestIssue {
  return { ...where, ...(field ? { field } : {}), message };
}

/** A price in USD per million tokens as upstream writes it: a finite number, never negative. */
export const Price = z
  .number({ error: 'a price must be a number' })
  .nonnegative('a price cannot be negative');

/** A token count (context window, output limit, tier threshold). */
export const TokenCount = z.number({ error: 'a token count must be a number' }).int('a token count must be an integer').nonnegative();

export { IsoDate };

/**
 * Read `HEAD_COMMIT.txt` (`<sha> <ISO timestamp>`). The snapshot date is the calendar date written in the
 * timestamp (the committer's own day, as the snapshot's file names use it), not shifted to UTC.
 */
export async function readHeadCommit(dir: string): Promise<{ commit: string; date: string }> {
  const file = path.join(dir, 'HEAD_COMMIT.txt');
  const text = (await readFile(file, 'utf8')).trim();
  const m = /^([0-9a-f]{7,40})\s+(\d{4}-\d{2}-\d{2})T/.exec(text);
  if (!m || !IsoDate.safeParse(m[2]).success) {
    throw new Error(`${file}: expected "<commit sha> <ISO timestamp>", found ${JSON.stringify(text.slice(0, 80))}`);
  }
  return { commit: m[1], date: m[2] };
}

/** The UTC calendar date of an ISO timestamp with offset (`2025-06-04T18:41:51-04:00` -> `2025-06-04`). */
export function utcDate(timestamp: unknown): string | undefined {
  if (typeof timestamp !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(timestamp)) return undefined;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

/** Significant digits a price is kept to: more than any published price has, fewer than float noise reaches. */
export const PRICE_DIGITS = 10;

/**
 * A price as its source means it: float noise in the last bits trimmed (models.dev writes helicone's
 * llama-3.3-70b-versatile output as 0.7899999999999999, meaning 0.79). Non-numbers pass through.
 */
export function roundPrice<T>(x: T): T {
  return (typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(PRICE_DIGITS)) : x) as T;
}

/**
 * Per-token price to USD per million tokens, rounded to 12 significant digits: the float product carries
 * noise in the last bits (1.00002e-06 * 1e6 = 1.0000200000000001) that no published price has.
 */
export function perMillion(perToken: number): number {
  return Number((perToken * 1e6).toPrecision(12));
}

/**
 * Whether a provider's model id names an EU-regional SKU: a leading `eu.` (Bedrock cross-region inference
 * profiles), an `eu` path segment (Azure data zone `azure/eu/...`) or a cloud region segment in the EU
 * (`eu-central-1`, `europe-west4`; cloud-regions.ts). London's `eu-west-2` and Zurich's `eu-central-2` are not in the
 * EU. Anything else is treated as global: we do not guess a region.
 */
export function isEuSku(id: string): boolean {
  return id
    .toLowerCase()
    .split('/')
    .some((seg) => seg === 'eu' || seg.startsWith('eu.') || (/^(eu|europe)-[a-z]+(-?\d+)?$/.test(seg) && placeOfRegion(seg)?.eu === true));
}

/**
 * The geography a listing's routing prefix pins (schema `OfferRegion`): EU as `isEuSku` reads it; Bedrock's cross-Region
 * inference profiles by their geography, as AWS names them ("Supported Regions and models for inference profiles",
 * https://docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html: the `US`, `EU`, `APAC`, `JP`
 * and `AU` geographies, and `Global`, routed to any commercial Region): `us.` is the US, `apac.`, `jp.` (Japan) and
 * `au.` (Australia) Asia-Pacific; `us-gov.` (GovCloud) and Azure's `us/` data zone are in the US. A provider namespace before the id
 * (`bedrock/us.anthropic...`) is read past. `global.` and ids without a prefix are `global`. An in-Region id
 * (`us-east-1/...`) is in its Region's geography, by the area AWS names its Region codes after
 * (docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html): `us-` and `us-gov-` Regions
 * ("US East (N. Virginia)", "AWS GovCloud (US-West)") are `us`, `ap-` Regions ("Asia Pacific (Tokyo)") `apac`, an EU
 * Region `eu` (above). Regions no value names (`ca-`, `sa-`, London's `eu-west-2`) stay `global`: no geography is guessed.
 */
export function regionOfSku(id: string): 'global' | 'eu' | 'us' | 'apac' {
  if (isEuSku(id)) return 'eu';
  const segs = id.toLowerCase().split('/');
  if (segs.some((seg) => seg === 'us' || seg.startsWith('us.') || seg.startsWith('us-gov.') || AWS_US_REGION.test(seg))) return 'us';
  if (segs.some((seg) => /^(?:apac|jp|au)\./.test(seg) || AWS_AP_REGION.test(seg))) return 'apac';
  return 'global';
}

/**
 * Whether a provider's API is mainland China's, from what its catalogue entry says of it: its id has a `cn` part
 * (models.dev's alibaba-cn, minimax-cn, siliconflow-cn beside alibaba, minimax, siliconflow), its name says "(China)"
 * (D.Run (China), Tencent Coding Plan (China)), or its API address is under `.cn` (open.bigmodel.cn, api.moonshot.cn,
 * api-inference.modelscope.cn). Such listings sell at prices the sources convert from yuan (genai-prices says so for
 * Zhipu AI: "CNY is the only billing currency") to buyers of that platform: an answer shows `cn`, not `global`.
 */
export function mainlandChinaApi(p: { id: string; name?: string; api?: string }): boolean {
  if (p.id.toLowerCase().split('-').includes('cn')) return true;
  if (p.name?.includes('(China)')) return true;
  const host = /^https?:\/\/([^/:\\]+)/.exec((p.api ?? '').replace(/\\\./g, '.'))?.[1]?.toLowerCase();
  return host !== undefined && host.endsWith('.cn');
}

/** An AWS Region code as an in-Region id's path segment (`us-east-1`, `us-gov-west-1`; `ap-northeast-1`). */
const AWS_US_REGION = /^us-(?:gov-)?(?:east|west|central|north|south)-\d+$/;
const AWS_AP_REGION = /^ap-(?:east|west|south|north|northeast|southeast|southwest|northwest|central)-\d+$/;

/** The http(s) URLs in a free-text comment, in order, without trailing punctuation. */
export function urlsIn(text: string | undefined): string[] {
  const out: string[] = [];
  for (const m of text?.matchAll(/https?:\/\/[^\s,;"'<>)\]]+/g) ?? []) {
    const url = m[0].replace(/[.:]+$/, '');
    if (z.url().safeParse(url).success) out.push(url);
  }
  return out;
}

/** A lowercase slug (`^[a-z0-9][a-z0-9._-]*$`) of an upstream identifier. */
export function slugify(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 100);
}

/** Drop the keys whose value is undefined, so observations carry only what the source gave. */
export function defined<T extends Record<string, unknown>>(obj: T): T {
  for (const key of Object.keys(obj)) if (obj[key] === undefined) delete obj[key];
  return obj;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

type Shape = Record<string, z.ZodType>;
type Parsed<S extends Shape> = { [K in keyof S]?: z.infer<S[K]> };

/**
 * Validate a record field by field: a bad field becomes an issue and stays out of the result, the record's
 * other fields still enter. `strict` reports fields the shape does not know (price blocks, where an unknown
 * key may be a price we would silently miss). Returns undefined when the value is not an object at all.
 */
export function parseFields<S extends Shape>(
  value: unknown,
  shape: S,
  where: Where,
  issues: IngestIssue[],
  opts: { prefix?: string; strict?: boolean } = {},
): Parsed<S> | undefined {
  const prefix = opts.prefix ?? '';
  if (!isPlainObject(value)) {
    issues.push(issueAt(where, 'expected a table of fields', prefix.replace(/\.$/, '') || undefined));
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    const schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!schema) {
      if (opts.strict) issues.push(issueAt(where, 'unknown field in a price block: not read', prefix + key));
      continue;
    }
    const result = schema.safeParse(raw);
    if (result.success) out[key] = result.data;
    else issues.push(issueAt(where, zodMessage(result.error, raw), prefix + key));
  }
  return out as Parsed<S>;
}

/** The first message of a zod error, with the offending value when it is short. */
export function zodMessage(error: z.ZodError, raw: unknown): string {
  const first = error.issues[0];
  const at = first && first.path.length > 0 ? ` (at ${first.path.join('.')})` : '';
  const shown = JSON.stringify(raw);
  const value = shown !== undefined && shown.length <= 60 ? `: ${shown}` : '';
  return `${first?.message ?? 'invalid value'}${at}${value}`;
}

/**
 * Stream a JSON Lines file (gunzipped when it ends in `.gz`): each parsed line with its place (`line N`);
 * a line that is not JSON becomes an issue and is skipped.
 */
export async function* jsonLines(filePath: string, at: Omit<Where, 'row'>, issues: IngestIssue[]): AsyncGenerator<{ where: Where; json: unknown }> {
  const input = createReadStream(filePath);
  const lines = createInterface({ input: filePath.endsWith('.gz') ? input.pipe(createGunzip()) : input, crlfDelay: Infinity });
  let n = 0;
  for await (const text of lines) {
    n += 1;
    if (text.trim() === '') continue;
    const where = { ...at, row: `line ${n}` };
    try {
      yield { where, json: JSON.parse(text) };
    } catch {
      issues.push(issueAt(where, 'not valid JSON'));
    }
  }
}

/** JSON Lines read against a schema: each line that fits it, with its place; a line that does not is an issue. */
export async function* jsonLinesOf<S extends z.ZodType>(schema: S, filePath: string, at: Omit<Where, 'row'>, issues: IngestIssue[]): AsyncGenerator<{ where: Where; rec: z.output<S> }> {
  for await (const { where, json } of jsonLines(filePath, at, issues)) {
    const parsed = schema.safeParse(json);
    if (parsed.success) yield { where, rec: parsed.data };
    else issues.push(issueAt(where, zodMessage(parsed.error, undefined)));
  }
}
