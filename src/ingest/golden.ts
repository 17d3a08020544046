// The golden facts: hand-checked values about the most asked-about models, and the check of a dataset against them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { BASE_SKUS, type ChangeEvent, type Hardware, type Model, type Offer, type Rating } from '../schema/index.ts';

/** Where the table lives, relative to the project root. */
export const GOLDEN_FILE = path.join('data', 'golden', 'facts.csv');

/**
 * What the check reads of a dataset: alias resolution and the three indexes. The loaded Dataset has this shape; it is
 * stated here so that the build (ingest) does not import the later dataset layer.
 */
export type GoldenView = {
  resolveModelId(idOrAlias: string): string | undefined;
  readonly modelById: ReadonlyMap<string, Model>;
  readonly offersByModel: ReadonlyMap<string, readonly Offer[]>;
  readonly ratingsByModel: ReadonlyMap<string, readonly Rating[]>;
  /** The change feed, for `changes:` rows; a view without it has no events. */
  readonly changes?: readonly ChangeEvent[];
  /** The hardware configurations, for `hardware_purchase_usd` rows (the lookup id is a configuration id). */
  readonly hardwareById?: ReadonlyMap<string, Hardware>;
};

/** A row about a hardware configuration's purchase price: its lookup id is the configuration's id, not a model's. */
const HARDWARE_FIELDS = new Set(['hardware_purchase_usd', 'hardware_purchase_as_of']);

const MODEL_FIELDS = [
  'context_window', 'parameters_total', 'parameters_active', 'licence', 'open_weights', 'status', 'native_precision', 'max_output',
  'vendor', 'deprecation_date', 'shutdown_date', 'release_date', 'knowledge_cutoff', 'weights_url', 'replacement', 'licence_excludes_eu',
  'points_to', 'name', 'licence_conditions', 'release_bound', 'shutdown_not_before', 'input_modalities', 'reasoning',
  'tool_calling', 'structured_output',
] as const;
/** The KV-cache and expert facts of an architecture a row may check (`architecture:kv_layers`, `architecture:experts`). */
const ARCHITECTURE_FIELD =
  /^architecture:(layers|kv_heads|head_dim|kv_layers|recurrent_layers|sliding_layers|sliding_window|kv_lora_rank|rope_dim|global_kv_heads|global_head_dim|experts|experts_per_token|shared_experts|moe_intermediate_size|dense_layers|vocab_size)$/;
const Field = z.union([
  z.enum(MODEL_FIELDS),
  z.string().regex(ARCHITECTURE_FIELD, 'architecture:<fact>'),
  // A published GGUF file's size in GB at a quantization (`gguf:q4_k_m`; data/curated/gguf-file-sizes.csv, own rows only).
  z.string().regex(/^gguf:[a-z0-9_]+$/, 'gguf:<quantization>'),
  // The base SKU of the id's listing, or with a fourth part the listing's other tier (`offer:moonshotai:input:priority`).
  z.string().regex(/^offer:[a-z0-9][a-z0-9._-]*:(input|output)(:(batch|flex|priority))?$/, 'offer:<provider>:input|output[:batch|flex|priority]'),
  // The EU-regional listing of the id (region eu) and the EU residency of the id's global standard listing.
  z.string().regex(/^offer_eu:[a-z0-9][a-z0-9._-]*:(input|output)$/, 'offer_eu:<provider>:input|output'),
  z.string().regex(/^eu_resident:[a-z0-9][a-z0-9._-]*$/, 'eu_resident:<provider>'),
  // The listing's own context window (the provider's limit, where its source states one), and the threshold of a
  // long-context tier set aside as unreachable above that window (ingest/unreachable-tiers.ts: `unpriced_tiers`).
  z.string().regex(/^offer_context:[a-z0-9][a-z0-9._-]*$/, 'offer_context:<provider>'),
  z.string().regex(/^offer_unpriced_tier:[a-z0-9][a-z0-9._-]*$/, 'offer_unpriced_tier:<provider>'),
  // The shutdown date of the id's base listings at the provider (its own notice, or its host's retirement page).
  z.string().regex(/^offer_shutdown:[a-z0-9][a-z0-9._-]*$/, 'offer_shutdown:<provider>'),
  // Its earliest day where the provider gives no firm one ("no earlier than": offers' shutdown_not_before).
  z.string().regex(/^offer_shutdown_not_before:[a-z0-9][a-z0-9._-]*$/, 'offer_shutdown_not_before:<provider>'),
  z.string().regex(/^rating:[a-z_]+:[a-z0-9_]+$/, 'rating:<leaderboard>:<category>'),
  // How many of the model's events of a kind on a day are changes (not marked corrections): what the feed tells a reader moved.
  z.string().regex(/^changes:(price|hosting|licence|elo):\d{4}-\d{2}-\d{2}$/, 'changes:<kind>:<YYYY-MM-DD>'),
  // A configuration's purchase price and its day (a card's dated street price, a machine's list price).
  z.enum(['hardware_purchase_usd', 'hardware_purchase_as_of']),
]);

const Row = z
  .object({
    lookup_id: z.string().min(1),
    field: Field,
    expected: z.string().min(1),
    tolerance: z.union([z.literal(''), z.string().regex(/^\d+(\.\d+)?$/, 'a non-negative number')]),
    source: z.string().min(5, 'the source file or page the value was checked against'),
    source_value: z.string().min(1, 'the value as the source writes it'),
    checked: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day it was checked, YYYY-MM-DD'),
    note: z.string(),
  })
  .strict();

export type GoldenFact = {
  /** Line in the CSV file (the header is line 1). */
  line: number;
  lookup_id: string;
  field: string;
  expected: string | number | boolean;
  tolerance: number;
  source: string;
  source_value: string;
  checked: string;
};

export type GoldenMismatch = {
  line: number;
  lookup_id: string;
  field: string;
  expected: string;
  actual: string;
  source: string;
};

const NUMERIC = (field: string): boolean =>
  field === 'context_window' || field === 'max_output' || field.startsWith('parameters_') || field.startsWith('offer:') ||
  field.startsWith('offer_eu:') || field.startsWith('offer_context:') || field.startsWith('offer_unpriced_tier:') ||
  field.startsWith('rating:') || field.startsWith('architecture:') || field.startsWith('gguf:') || field.startsWith('changes:') || field === 'hardware_purchase_usd';

/** Read and validate the table; a malformed row throws naming its line, so a typo cannot pass as a fact. */
export function loadGoldenFacts(file: string): GoldenFact[] {
  const records = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, trim: true, comment: '#', comment_no_infix: true, info: true }) as Array<{
    record: Record<string, string>;
    info: { lines: number };
  }>;
  const problems: string[] = [];
  const facts: GoldenFact[] = [];
  const seen = new Set<string>();
  for (const { record, info } of records) {
    const line = info.lines;
    const p = Row.safeParse(record);
    if (!p.success) {
      problems.push(`line ${line}: ${String(p.error.issues[0].path[0] ?? '')}: ${p.error.issues[0].message}`);
      continue;
    }
    const r = p.data;
    const key = `${r.lookup_id.toLowerCase()}|${r.field}`;
    if (seen.has(key)) problems.push(`line ${line}: a second row for ${r.lookup_id} ${r.field}`);
    seen.add(key);
    let expected: string | number | boolean = r.expected;
    // A withheld limit reads `none` (a pointer's output limit its target lacks: claude-opus-latest).
    if (NUMERIC(r.field) && !(r.field === 'max_output' && r.expected === 'none')) {
      expected = Number(r.expected);
      if (!Number.isFinite(expected)) problems.push(`line ${line}: expected: "${r.expected}" is not a number`);
    } else if (r.field === 'open_weights' || r.field === 'licence_excludes_eu' || r.field === 'reasoning') {
      if (r.expected !== 'true' && r.expected !== 'false') problems.push(`line ${line}: expected: ${r.field} is true or false`);
      expected = r.expected === 'true';
    } else if (r.tolerance !== '') {
      problems.push(`line ${line}: tolerance: ${r.field} is not numeric`);
    }
    facts.push({
      line, lookup_id: r.lookup_id, field: r.field, expected, tolerance: r.tolerance === '' ? 0 : Number(r.tolerance),
      source: r.source, source_value: r.source_value, checked: r.checked,
    });
  }
  if (problems.length) throw new Error(`${file} is malformed:\n  ${problems.join('\n  ')}`);
  return facts;
}

/** Parameter counts are written in billions in the table; the dataset holds them as plain counts. */
const BILLION = 1e9;

/**
 * The provider's offer under the lookup id, global listing, standard SKU. A SKU that is another product carries its own provider
 * id (`openai/gpt-4o:extended`, `stealth/claude-opus-4.6`), so the lookup id names the base offer.
 */
function baseOffers(offers: readonly Offer[], provider: string, providerModelId: string, tier?: Offer['sku']): Offer[] {
  const id = providerModelId.toLowerCase();
  // A tier named by the row (Moonshot's kimi-k2-turbo-preview is a `priority` SKU, skus.ts) is read apart.
  if (tier) return offers.filter((o) => o.provider === provider && o.provider_model_id.toLowerCase() === id && o.sku === tier);
  // Batch, flex and priority prices of one listing share its id: the base SKU (standard, or regional for an in-region
  // listing such as Bedrock's bare ids) is the price a caller pays by default.
  // The id names its route: `us.` and `au.` listings are read in their own geography, an `eu.` one under offer_eu.
  return offers.filter((o) => o.provider === provider && o.provider_model_id.toLowerCase() === id && o.region !== 'eu'
    && BASE_SKUS.includes(o.sku));
}

/** The value the dataset holds for a fact, or why there is none (a string starting with "no "). */
function actualOf(ds: GoldenView, modelId: string, f: GoldenFact): number | string | boolean | undefined {
  const m = ds.modelById.get(modelId);
  if (!m) return undefined;
  if (f.field.startsWith('offer:')) {
    const [, provider, side, tier] = f.field.split(':') as [string, string, 'input' | 'output', Offer['sku'] | undefined];
    const offers = baseOffers(ds.offersByModel.get(modelId) ?? [], provider, f.lookup_id, tier);
    const values = [...new Set(offers.map((o) => o.prices[side]?.value))];
    if (!offers.length) return `no ${provider}${tier ? ` ${tier}` : ''} offer with id ${f.lookup_id}`;
    if (values.length > 1) return `${offers.length} ${provider} offers with id ${f.lookup_id}: ${values.join(', ')}`;
    return values[0] ?? `no ${side} price`;
  }
  if (f.field.startsWith('offer_eu:')) {
    const [, provider, side] = f.field.split(':') as [string, string, 'input' | 'output'];
    const id = f.lookup_id.toLowerCase();
    const eu = (ds.offersByModel.get(modelId) ?? [])
      .filter((o) => o.provider === provider && o.provider_model_id.toLowerCase() === id && o.region === 'eu' && o.sku === 'regional');
    if (eu.length !== 1) return `${eu.length} ${provider} EU offers with id ${f.lookup_id}`;
    return eu[0].prices[side]?.value ?? `no ${side} price`;
  }
  if (f.field.startsWith('offer_context:') || f.field.startsWith('offer_unpriced_tier:')) {
    const [kind, provider] = f.field.split(':');
    const offers = baseOffers(ds.offersByModel.get(modelId) ?? [], provider, f.lookup_id);
    if (!offers.length) return `no ${provider} offer with id ${f.lookup_id}`;
    // The listing's own window, or the threshold(s) set aside: one value shared by every base offer of the id.
    const values = [...new Set(offers.map((o) => (kind === 'offer_context' ? String(o.context_window?.value ?? 'none')
      : (o.unpriced_tiers?.value ?? []).map((t) => t.above_tokens).join(' ') || 'none')))];
    if (values.length > 1) return `${offers.length} ${provider} offers with id ${f.lookup_id}: ${values.join(', ')}`;
    if (values[0] === 'none') return kind === 'offer_context' ? 'no own window stated' : 'no tier set aside';
    return Number.isFinite(Number(values[0])) ? Number(values[0]) : `tiers set aside above ${values[0]}`;
  }
  if (f.field.startsWith('offer_shutdown:') || f.field.startsWith('offer_shutdown_not_before:')) {
    // The listing's firm day, or its earliest day ("no earlier than", a bound); `none`: it has none of that kind.
    const bound = f.field.startsWith('offer_shutdown_not_before:');
    const provider = f.field.slice(f.field.indexOf(':') + 1);
    const offers = baseOffers(ds.offersByModel.get(modelId) ?? [], provider, f.lookup_id);
    if (!offers.length) return `no ${provider} offer with id ${f.lookup_id}`;
    const values = [...new Set(offers.map((o) => (bound ? o.shutdown_not_before : o.shutdown_date)?.value ?? 'none'))];
    return values.length === 1 ? values[0] : `${offers.length} ${provider} offers with id ${f.lookup_id}: ${values.join(', ')}`;
  }
  if (f.field.startsWith('eu_resident:')) {
    const provider = f.field.slice('eu_resident:'.length);
    const offers = baseOffers(ds.offersByModel.get(modelId) ?? [], provider, f.lookup_id);
    const values = [...new Set(offers.map((o) => o.eu_resident.value))];
    return values.length === 1 ? values[0] : `${offers.length} ${provider} offers with id ${f.lookup_id}: ${values.join(', ')}`;
  }
  if (f.field.startsWith('changes:')) {
    const [, kind, date] = f.field.split(':');
    return (ds.changes ?? []).filter((e) => e.model_id === modelId && e.kind === kind && e.date === date && e.correction !== true).length;
  }
  if (f.field.startsWith('rating:')) {
    const [, leaderboard, category] = f.field.split(':');
    const variant = f.lookup_id.toLowerCase();
    const rows = (ds.ratingsByModel.get(modelId) ?? [])
      .filter((r) => r.leaderboard === leaderboard && r.category === category && r.variant.toLowerCase() === variant)
      .sort((a, b) => b.as_of.localeCompare(a.as_of));
    return rows[0]?.rating ?? `no ${leaderboard}/${category} rating of ${f.lookup_id}`;
  }
  if (f.field.startsWith('architecture:')) {
    // One numeric fact of the KV-cache geometry (`architecture:kv_layers`), as the memory engine reads it.
    const value = (m.architecture?.value as Record<string, unknown> | undefined)?.[f.field.slice('architecture:'.length)];
    return typeof value === 'number' ? value : undefined;
  }
  if (f.field.startsWith('gguf:')) {
    // The model's own published file, not one copied from a model of the same architecture (source `derived`).
    const q = f.field.slice('gguf:'.length);
    return m.gguf_files?.find((g) => g.value.quantization === q && g.source !== 'derived')?.value.size_gb;
  }
  switch (f.field) {
    case 'context_window': return m.context_window?.value;
    case 'native_precision': return m.native_precision?.value;
    case 'vendor': return m.vendor;
    // The display name as served (a reseller's "Cohere: " label removed where it names the model's developer).
    case 'name': return m.name.value;
    // `none` checks a limit withheld (a pointer's earlier target's figure: claude-opus-latest).
    case 'max_output': return m.max_output?.value ?? 'none';
    case 'parameters_total': return m.parameters_total ? m.parameters_total.value / BILLION : undefined;
    case 'parameters_active': return m.parameters_active ? m.parameters_active.value / BILLION : undefined;
    case 'licence': return m.licence?.value.id;
    // No territory exclusion recorded for the model's licence reads as false: the row checks the table reached it.
    case 'licence_excludes_eu': return m.licence ? (m.licence.value.territory_exclusion?.excludes_eu ?? false) : undefined;
    // The conditions the licence table writes for the model's licence, word for word; `none` where it writes none.
    case 'licence_conditions': return m.licence ? (m.licence.value.conditions ?? 'none') : undefined;
    case 'open_weights': return m.open_weights?.value;
    // The inputs the model reads, `;`-joined in the model's order (`text;image;video;audio`), and whether it reasons.
    case 'input_modalities': return m.modalities ? m.modalities.value.input.join(';') : 'none';
    case 'reasoning': return m.capabilities.reasoning?.value;
    // `true`, `false` or `none`: a row can say a capability no source gives the model (a listing's set aside) is unknown.
    case 'tool_calling': return m.capabilities.tool_calling ? String(m.capabilities.tool_calling.value) : 'none';
    case 'structured_output': return m.capabilities.structured_output ? String(m.capabilities.structured_output.value) : 'none';
    // Absent reads as `none`: since the build derives `active` from the developer's listing (model-status.ts), a model
    // with no status is one no source dates either way, which a row must say as such, not as `active`.
    case 'status': return m.status?.value ?? 'none';
    // Absent reads as `none`: a row can say a model has no such date.
    case 'deprecation_date': return m.deprecation_date?.value ?? 'none';
    case 'shutdown_date': return m.shutdown_date?.value ?? 'none';
    // The earliest day the developer allows where it gives no firm one (a bound); `none` where it gives none such.
    case 'shutdown_not_before': return m.shutdown_not_before?.value ?? 'none';
    case 'release_date': return m.release_date?.value ?? 'none';
    // Whether the served release date is a bound (`on_or_before`, `on_or_after`); `none`: the day itself.
    case 'release_bound': return m.release_date ? (m.release_date.bound ?? 'none') : undefined;
    // Absent reads as `none`: a row can say a cutoff no source gives consistently is withheld.
    case 'knowledge_cutoff': return m.knowledge_cutoff?.value ?? 'none';
    case 'weights_url': return m.weights_url?.value ?? 'none';
    // The model the developer names in its place; `none` when it names none (a model is never its own).
    case 'replacement': return m.replacement?.value ?? 'none';
    // The model a moving API name serves (version-pointers.csv); `none` for a concrete model.
    case 'points_to': return m.points_to?.value ?? 'none';
  }
  return undefined;
}

function matches(f: GoldenFact, actual: unknown): boolean {
  if (typeof f.expected === 'number') {
    // Prices are exact, but 0.1 + 0.2 style float noise from unit conversion (per token -> per 1M) is not a mismatch.
    return typeof actual === 'number' && Math.abs(actual - f.expected) <= f.tolerance + 1e-9 * Math.max(1, Math.abs(f.expected));
  }
  if (typeof f.expected === 'string') return typeof actual === 'string' && actual.toLowerCase() === f.expected.toLowerCase();
  return actual === f.expected;
}

const shown = (v: unknown): string =>
  v === undefined ? 'absent' : typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6) : String(v);

/** Every fact the dataset contradicts, lacks, or cannot resolve the id of; empty when all hold. */
export function checkGoldenFacts(ds: GoldenView, facts: readonly GoldenFact[]): GoldenMismatch[] {
  const out: GoldenMismatch[] = [];
  for (const f of facts) {
    if (HARDWARE_FIELDS.has(f.field)) {
      const h = ds.hardwareById?.get(f.lookup_id);
      const p = h?.purchase_price_usd;
      const got = !h ? `no hardware configuration "${f.lookup_id}"` : !p ? 'no purchase price'
        : f.field === 'hardware_purchase_usd' ? p.value : p.as_of;
      if (!matches(f, got)) {
        out.push({ line: f.line, lookup_id: f.lookup_id, field: f.field, expected: shown(f.expected), actual: shown(got), source: `${f.source}: ${f.source_value}` });
      }
      continue;
    }
    const modelId = ds.resolveModelId(f.lookup_id);
    const actual = modelId === undefined ? `no model resolves "${f.lookup_id}"` : actualOf(ds, modelId, f);
    if (matches(f, actual)) continue;
    const tol = f.tolerance ? ` ± ${f.tolerance}` : '';
    out.push({
      line: f.line, lookup_id: f.lookup_id, field: f.field, expected: `${shown(f.expected)}${tol}`,
      actual: modelId ? `${shown(actual)} (model ${modelId})` : shown(actual), source: `${f.source}: ${f.source_value}`,
    });
  }
  return out;
}

/** One line per mismatch: row, lookup id and field, expected, actual, and the source the expectation was read from. */
export function formatGoldenMismatches(mismatches: readonly GoldenMismatch[], total: number): string {
  const head = `golden facts: ${mismatches.length} of ${total} do not hold`;
  return [head, ...mismatches.map((m) => `  line ${m.line}: ${m.lookup_id} ${m.field}: expected ${m.expected}, got ${m.actual} [${m.source}]`)].join('\n');
}
