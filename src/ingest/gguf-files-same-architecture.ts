// Published GGUF sizes shared by models with the same architecture row: a model without its own rows takes a twin's.
import { fact, type Fact, type GgufFile, type Model } from '../schema/index.ts';

/** Architecture facts a GGUF twin need not share (see `architectureKey`). */
const EXPERT_FIELDS = new Set(['experts', 'experts_per_token', 'shared_experts', 'moe_intermediate_size', 'dense_layers', 'vocab_size']);

/**
 * What fixes the tensors of a GGUF file, so two models that agree on it load files of the same size within the
 * metadata (tokenizer, chat template: a few MB): the total and active parameter counts (the active count tells the
 * experts apart) and every field of the architecture row but the repository it was read from. DeepSeek-V3, V3.1 and
 * R1 share one (671B, 37B active, 61 layers, hidden 7,168, MLA), as do Llama-3.1-70B and its fine-tunes; their
 * published files differ by megabytes (bartowski's DeepSeek-V3-0324 and deepseek-v3's Q4_K_M are the same 404.43 GB).
 * Null when a count or the row is missing: without the active count a MoE cannot be told from a dense model.
 */
export function architectureKey(m: Model): string | null {
  const loose = rowKey(m);
  return loose === null ? null : JSON.stringify([m.parameters_total!.value, loose]);
}

/** The architecture key without the total count: the active count and the row (the twins of added tokens share it). */
function rowKey(m: Model): string | null {
  if (!m.parameters_total || !m.parameters_active || !m.architecture) return null;
  const { hf_repo: _repo, ...row } = m.architecture.value;
  // The expert geometry and vocabulary are left out: one source gives them and another not (llmfit reads a fine-tune's
  // vocab_size where the gated base's reviewed row has none), and the two counts already tell such models apart.
  const fields = Object.entries(row).filter(([k]) => !EXPERT_FIELDS.has(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([m.parameters_active.value, fields]);
}

/**
 * Parameters a fine-tune added to its base by growing the vocabulary, when that is all that tells their totals apart:
 * each added token is a row of the input embedding and, where the output head is not tied to it, a row of the output
 * (hidden_size weights each). Nous-Hermes-2-Mixtral-8x7B-DPO adds two chat tokens to Mixtral-8x7B's 32,000
 * (vocab_size 32,002 against 32,000, both config.json as the dataset reads them): 2 x 4,096 x 2 = 16,384, exactly its
 * 46,702,809,088 less Mixtral's 46,702,792,704. The difference must be that product exactly (x 1 or x 2: tied or not)
 * and at most 0.1% of the total, so a model whose layers differ is never taken as a twin; null otherwise.
 */
export function addedTokenParameters(m: Model, base: Model): number | null {
  const a = m.architecture?.value;
  const b = base.architecture?.value;
  if (!a || !b || a.vocab_size === undefined || b.vocab_size === undefined || a.hidden_size === undefined) return null;
  if (a.hidden_size !== b.hidden_size || !m.parameters_total || !base.parameters_total) return null;
  const diff = m.parameters_total.value - base.parameters_total.value;
  const perMatrix = (a.vocab_size - b.vocab_size) * a.hidden_size;
  if (diff === 0 || perMatrix === 0 || Math.abs(diff) > ADDED_TOKEN_SHARE * base.parameters_total.value) return null;
  return diff === perMatrix || diff === 2 * perMatrix ? diff : null;
}

/** The largest share of the total an added vocabulary may make (a fine-tune's few tokens are far below it). */
const ADDED_TOKEN_SHARE = 0.001;

const ACRONYM = new Set(['mla', 'gqa', 'mha', 'mqa']);
const billions = (n: number) => `${Math.round(n / 1e8) / 10}B`;

/** The shared row in words, as the answer's derivation states it. */
function architectureWords(m: Model): string {
  const a = m.architecture!.value;
  return (
    `${billions(m.parameters_total!.value)} parameters, ${billions(m.parameters_active!.value)} active, ${a.layers} layers, ` +
    `${a.hidden_size === undefined ? '' : `hidden ${a.hidden_size}, `}` +
    `${ACRONYM.has(a.attention) ? a.attention.toUpperCase() : a.attention} attention`
  );
}

/**
 * Give each model without published rows the rows of a model with the same architecture key, as derived facts that
 * name the model whose file they are (`note`, read by the fit's weights basis) and the inputs (`derived_from`).
 * Where several models with rows share the key, the one with the most rows is used (then the first by id), so the
 * choice is stable and the answer says which. Returns the ids given sizes, for the build report and tests.
 */
export function shareSameArchitectureSizes(models: Model[]): Array<{ model: string; from: string }> {
  const donors = new Map<string, Model>();
  for (const m of [...models].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const own = m.gguf_files?.filter((f) => f.source !== 'derived') ?? [];
    const key = own.length > 0 ? architectureKey(m) : null;
    if (key === null) continue;
    const held = donors.get(key);
    if (!held || own.length > held.gguf_files!.length) donors.set(key, m);
  }
  const shared: Array<{ model: string; from: string }> = [];
  const byRow = new Map<string, Model[]>();
  for (const d of new Set(donors.values())) {
    const k = rowKey(d)!;
    byRow.set(k, [...(byRow.get(k) ?? []), d]);
  }
  for (const m of models) {
    if (m.gguf_files && m.gguf_files.length > 0) continue;
    const key = architectureKey(m);
    const exact = key === null ? undefined : donors.get(key);
    // `nous-hermes-2-mixtral-8x7b-dpo`: the base's file plus the rows of the tokens it added (addedTokenParameters).
    const near = exact ? undefined : (byRow.get(rowKey(m) ?? '') ?? []).find((d) => addedTokenParameters(m, d) !== null);
    const donor = exact ?? near;
    if (!donor) continue;
    const added = near ? addedTokenParameters(m, near)! : 0;
    m.gguf_files = donor.gguf_files!.map((f) => twinFile(m, donor, f, added));
    shared.push({ model: m.id, from: donor.id });
  }
  return shared;
}

/**
 * The donor's file as the twin's: the same size, or with `added` parameters (added tokens) at the file's own average
 * width, its bytes over the donor's parameters (Mixtral's Q3_K_M: 20.36e9 x 8 / 46.70e9 = 3.49 bits; 16,384 of them
 * are 7,143 bytes), since the embedding and output rows of a K-quant file are no narrower than its average.
 */
function twinFile(m: Model, donor: Model, f: Fact<GgufFile>, added: number): Fact<GgufFile> {
  const q = f.value.quantization.toUpperCase();
  const source = `${donor.id}.gguf_files ${f.value.quantization}: ${f.value.file}, ${f.value.size_gb} GB (${f.source}, ${f.as_of})`;
  if (added === 0) {
    return fact({ ...f.value }, f.as_of, 'derived', {
      derived_from: [source, `parameters_total, parameters_active and architecture equal to ${donor.id}'s (${architectureWords(donor)})`],
      note: `published size of ${donor.id}'s ${q}, same architecture (${architectureWords(m)})`,
    });
  }
  const bytesPerWeight = (f.value.size_gb * 1e9) / donor.parameters_total!.value;
  const size_gb = Math.round((f.value.size_gb + (added * bytesPerWeight) / 1e9) * 1e6) / 1e6;
  const a = m.architecture!.value;
  const tokens = a.vocab_size! - donor.architecture!.value.vocab_size!;
  return fact({ ...f.value, size_gb }, f.as_of, 'derived', {
    derived_from: [
      source,
      `parameters_active and architecture equal to ${donor.id}'s (${architectureWords(donor)}); parameters_total ` +
        `${m.parameters_total!.value} against ${donor.parameters_total!.value}: ${added} = ${tokens} added tokens x hidden ` +
        `${a.hidden_size} x ${added / (tokens * a.hidden_size!)} (embedding${added === 2 * tokens * a.hidden_size! ? ' and output' : ''})`,
      `${added} x ${Math.round(bytesPerWeight * 8 * 1000) / 1000} bits (the file's average) = ${Math.round(added * bytesPerWeight)} bytes`,
    ],
    note: `published size of ${donor.id}'s ${q} plus ${tokens} added tokens' rows, same architecture (${architectureWords(m)})`,
  });
}
