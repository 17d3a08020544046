// How many copies of a sequence's KV cache a configuration holds: one, one a card for MLA under tensor parallelism, or
// cards / KV heads where a GQA model has fewer KV heads than cards.
import type { Architecture, Hardware } from '../schema/index.ts';
import { kvCacheBytes, toGb } from './memory.ts';
import type { Runtime } from './runtime.ts';

/**
 * Copies of each sequence's KV cache the cards of a configuration hold together, under the runtime its figure assumes.
 *
 * vLLM and SGLang run several cards tensor parallel and split a cache by its KV heads: each rank keeps
 * `max(1, kv_heads // tensor_parallel_size)` heads (vLLM's `ModelConfig.get_num_kv_heads`, vllm/config/model.py: "we
 * will replicate the KV heads in the case where the number of KV heads is smaller than the tensor parallel size so each
 * GPU has at least one KV head"). So a GQA model with fewer KV heads than cards holds `cards / kv_heads` copies of its
 * cache: Qwen3-235B-A22B's 4 KV heads on 8 cards, 2 copies; Nemotron-3-Nano's 2 on 4 cards, 2 copies.
 *
 * An MLA model (DeepSeek V3/R1, Kimi K2, GLM-5) caches one latent per token, kv_lora_rank + rope_dim values (576 for
 * DeepSeek V3: 512 + 64), which decode attends as a single head that cannot be split: the same function returns 1 KV
 * head per GPU for every MLA model ("When using MLA during decode it becomes MQA"), so every rank holds the whole latent
 * of every sequence, and the configuration holds `count` copies: the cache room is one card's leftover, not their sum.
 * SGLang added `--enable-dp-attention` "to reduce replicated KV cache" of MLA (sgl-project/sglang pull 1970), and vLLM's
 * data parallel deployment guide advises data-parallel attention for DeepSeek-style MLA models (docs.vllm.ai,
 * serving/data_parallel_deployment): the way around it, not the default this service assumes. A published run shows it:
 * Kimi-K2-Thinking INT4 on 8 x H100 80GB under vLLM 0.11.1 fails at 32k tokens, "needs 2.14 GiB KV cache" (jwt625/
 * PlayGround, 20251107_kimi_k2_thinking/README.md), a whole 32,768-token latent cache (61 x 576 x 2 B x 32,768 =
 * 2.30e9 B = 2.14 GiB) on one card.
 *
 * Each card reads its own copy in a decode step, in parallel: the cache read of a step is `copies` x the cache over the
 * summed bandwidth, one card's bandwidth over its whole latent for an MLA model (serving.ts, speed.ts).
 *
 * One copy everywhere else: llama.cpp splits cards by layer, each card holding its own layers' cache, MLA included. A
 * sliding-window model whose global layers have KV heads of their own (`global_kv_heads`: Gemma 4) is counted once, its
 * two head counts replicated differently (the fast side, said in docs/hardware-and-cost.md).
 */
export function kvCacheCopies(architecture: Architecture, hardware: Hardware, runtime: Runtime): number {
  const cards = hardware.count;
  if (runtime !== 'vllm' || cards <= 1) return 1;
  if (architecture.attention === 'mla') return cards;
  if (architecture.global_kv_heads !== undefined || architecture.kv_heads >= cards) return 1;
  return cards / architecture.kv_heads;
}

/** Words for an answer where the cache is held more than once (`kvCacheCopies` above 1); '' where it is held once. */
export function kvCopiesWords(copies: number, architecture: Architecture, cards: number): string {
  if (copies <= 1) return '';
  if (architecture.attention === 'mla') {
    return `MLA under tensor parallelism: each of the ${copies} cards holds every sequence's whole latent cache (vLLM and ` +
      'SGLang keep MLA\'s one latent head unsplit on every rank), so the cache counts once a card: a fit\'s KV cache is ' +
      `${copies} copies, a serving batch is what one card's leftover after its share of the weights and the runtime's reserve holds, ` +
      'and each card reads its own copy in a decode step';
  }
  return `${architecture.kv_heads} KV heads on ${cards} cards run tensor parallel: vLLM keeps at least one KV head on each ` +
    `card, so the cache is held ${roundCopies(copies)} times over (a fit's KV cache is ${roundCopies(copies)} copies), ` +
    'and each card reads its own heads\' cache in a decode step';
}

function roundCopies(copies: number): string {
  return Number.isInteger(copies) ? String(copies) : copies.toFixed(2);
}

/**
 * Why an MLA model fits no configuration of several cards at a length, for the reason of an answer with no option: each
 * card must hold one sequence's whole latent cache. '' for another attention or where no configuration has several cards.
 */
export function mlaTooSmallWords(architecture: Architecture, context: number, configurations: readonly Hardware[]): string {
  if (architecture.attention !== 'mla' || !configurations.some((h) => h.count > 1)) return '';
  return `; an MLA model's latent cache is held whole on every card a server runs tensor parallel, so one sequence of ` +
    `${context} tokens needs its ${toGb(kvCacheBytes(architecture, context, 1))} GB on each card, beside that card's share of the weights`;
}
