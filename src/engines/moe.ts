// Whether a model is a mixture of experts, read from its parameter counts: the one test every speed estimate shares.
import type { Architecture } from '../schema/index.ts';

/**
 * A model is costed as a mixture of experts only when its active parameters are clearly fewer than its total: under
 * this share of it. Not every model has its expert geometry in the dataset (architecture `experts`), so the counts
 * decide. Real MoE models read at most about a quarter of their weights per token (Mixtral 8x7B: 12.9B of
 * 46.7B, 0.28; Qwen3-30B-A3B 0.11), while two sources' counts of one dense model differ by rounding only (phi-4: a
 * card's "14B" beside 14,659,507,200 counted, 0.955; gemma-3-12b-it: 12B beside 12,187,325,040, 0.985). 0.9 is the
 * 10% a rounded card figure may be off (src/ingest/exact-count.ts uses the same margin), far above any MoE share.
 */
export const MOE_MAX_ACTIVE_SHARE = 0.9;

export const isMixtureOfExperts = (activeParameters: number, totalParameters: number): boolean =>
  activeParameters < MOE_MAX_ACTIVE_SHARE * totalParameters;

/**
 * How a batch's decode step reads an MoE model's weights: `shared_share` of the active parameters are read by every
 * token whatever its route (attention, the output head, shared experts, dense layers), so once a step; the rest are
 * routed experts, each token's a `routed_share` of all routed parameters (top-k / experts under uniform routing).
 */
export type MoeRouting = { shared_share: number; routed_share: number };

/**
 * Parameters every token reads whatever its route, where the model's expert geometry is not known (`moeRouting` uses
 * that first): the attention projections, layers x hidden x head_dim x (2 x heads + 2 x KV heads) (Q and O, K and V).
 * The output head, routers, norms, shared experts and dense layers are left out: a lower bound, which leaves the step
 * reading more than it does (the slow side). gpt-oss-120b: 36 x 2,880 x 64 x 144 = 0.955B, where its card counts
 * attention 0.96B plus an unembedding of 0.58B (1.55B of 5.13B active); Qwen3-30B-A3B: 48 x 2,048 x 128 x 72 = 0.906B,
 * where its 128 experts top-8 in 30.53B total and 3.3B active give (3.3 - 30.53 / 16) / (1 - 1 / 16) = 1.49B shared.
 * Multi-latent and hybrid attention have low-rank or linear projections this sum does not describe (it would read
 * DeepSeek-V3's MLA as 28.7B): they count no shared part (0).
 */
export function sharedParameters(a: Architecture): number {
  if (a.attention === 'mla' || a.attention === 'hybrid' || a.hidden_size === undefined || a.attention_heads === undefined) return 0;
  return a.layers * a.hidden_size * a.head_dim * (2 * a.attention_heads + 2 * a.kv_heads);
}

/**
 * The routed experts as the configuration gives them: `experts` of `moe_intermediate_size` width in each of the
 * layers that are not dense, `experts_per_token` of them read by a token. One expert of a layer holds 3 x hidden x
 * width parameters: the gated feed-forward (gate, up and down projections) every MoE model the catalogue serves uses
 * (DeepSeek, Kimi, GLM, Qwen3, MiniMax, Llama 4, Mixtral, Phi-3.5-MoE; gpt-oss fuses gate and up into one 2 x width
 * matrix). gpt-oss-120b: 36 x 128 x 3 x 2,880 x 2,880 = 114.67B routed, its card's MLP 114.71B with the routers.
 * Undefined without the four facts.
 */
export function routedExperts(a: Architecture): { experts: number; per_token: number; parameters_per_expert: number } | undefined {
  if (a.experts === undefined || a.experts_per_token === undefined || a.moe_intermediate_size === undefined || a.hidden_size === undefined) return undefined;
  const moeLayers = a.layers - (a.dense_layers ?? 0);
  return { experts: a.experts, per_token: a.experts_per_token, parameters_per_expert: moeLayers * 3 * a.hidden_size * a.moe_intermediate_size };
}

/**
 * The routing a batch's step reads an MoE model with, or undefined for a dense model (its step reads the weights once).
 * With the expert geometry (`routedExperts`): a token reads experts_per_token / experts of the routed parameters, and
 * everything else it reads is shared: active - experts_per_token x one expert's parameters (attention, dense layers,
 * shared experts, the output head, routers). That counts what the active figure counts: gpt-oss-120b 5.13B - 4 x
 * 36 x 24.88M = 1.55B, its card's attention 0.96B + unembedding 0.58B; DeepSeek-V3 37B - 8 x 58 x 44.04M = 16.6B. The
 * geometry is used only where it agrees with the counts: the routed slice within the active count and all experts
 * within the total, 10% given for a rounded card figure (Kimi K2's "1T" holds 1,014.7B of experts; its repository
 * 1,026B). Without it, or where it disagrees, the routed share is (active - shared) / (total - shared) from the
 * attention sum (`sharedParameters`): top-k / experts of uniform routing, exact when the shared part is.
 */
export function moeRouting(activeParameters: number, totalParameters: number, architecture: Architecture): MoeRouting | undefined {
  if (!isMixtureOfExperts(activeParameters, totalParameters)) return undefined;
  const g = routedExperts(architecture);
  if (g !== undefined) {
    const shared = activeParameters - g.per_token * g.parameters_per_expert;
    if (shared >= 0 && g.experts * g.parameters_per_expert <= totalParameters / MOE_MAX_ACTIVE_SHARE) {
      return { shared_share: shared / activeParameters, routed_share: g.per_token / g.experts };
    }
  }
  // Never more than half the active parameters: a geometry whose attention alone nears the active count is misread.
  const shared = Math.min(sharedParameters(architecture), 0.5 * activeParameters);
  return { shared_share: shared / activeParameters, routed_share: (activeParameters - shared) / (totalParameters - shared) };
}

/**
 * Bytes of weights one decode step of `batch` sequences reads. Dense (no routing): the weights once, which is the
 * active bytes (they may be read wider than the file's average: constants.ts `active_bits_per_weight`) for one
 * sequence and the file for several, as before. MoE: the shared part once, and the routed experts the batch touches:
 * under uniform routing each of E experts of a layer is missed by one token with probability 1 - k/E, so a batch of B
 * touches E x (1 - (1 - k/E)^B) of them (the expected number of distinct experts; skewed routing touches fewer, so this
 * is the slow side), never more than all. One sequence reads exactly its active bytes; never more than the file.
 */
export function stepWeightsBytes(totalWeights: number, activeWeights: number, batch: number, routing?: MoeRouting): number {
  if (routing === undefined || batch <= 1) return Math.min(totalWeights, activeWeights * batch);
  const shared = activeWeights * routing.shared_share;
  const routedTotal = (activeWeights - shared) / routing.routed_share;
  const touched = 1 - (1 - routing.routed_share) ** batch;
  return Math.min(totalWeights, shared + routedTotal * touched);
}
