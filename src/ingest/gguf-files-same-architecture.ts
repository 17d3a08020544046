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
  if (!m.parameters_total || !m.parameters_active || !m.architecture) return null;
  const { hf_repo: _repo, ...row } = m.architecture.value;
  // The expert geometry and vocabulary are left out: one source gives them and another not (llmfit reads a fine-tune's
  // vocab_size where the gated base's reviewed row has none), and the two counts already tell such models apart.
  const fields = Object.entries(row).filter(([k]) => !EXPERT_FIELDS.has(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([m.parameters_total.value, m.parameters_active.value, fields]);
}

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
  for (const m of models) {
    if (m.gguf_files && m.gguf_files.length > 0) continue;
    const key = architectureKey(m);
    const donor = key === null ? undefined : donors.get(key);
    if (!donor) continue;
    const same = `same architecture (${architectureWords(m)})`;
    m.gguf_files = donor.gguf_files!.map((f): Fact<GgufFile> => {
      const q = f.value.quantization.toUpperCase();
      return fact({ ...f.value }, f.as_of, 'derived', {
        derived_from: [
          `${donor.id}.gguf_files ${f.value.quantization}: ${f.value.file}, ${f.value.size_gb} GB (${f.source}, ${f.as_of})`,
          `parameters_total, parameters_active and architecture equal to ${donor.id}'s (${architectureWords(donor)})`,
        ],
        note: `published size of ${donor.id}'s ${q}, ${same}`,
      });
    });
    shared.push({ model: m.id, from: donor.id });
  }
  return shared;
}
