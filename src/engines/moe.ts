// Whether a model is a mixture of experts, read from its parameter counts: the one test every speed estimate shares.

/**
 * A model is costed as a mixture of experts only when its active parameters are clearly fewer than its total: under
 * this share of it. The dataset holds no expert counts (the architecture facts are the KV-cache geometry), so the
 * counts decide. Real MoE models read at most about a quarter of their weights per token (Mixtral 8x7B: 12.9B of
 * 46.7B, 0.28; Qwen3-30B-A3B 0.11), while two sources' counts of one dense model differ by rounding only (phi-4: a
 * card's "14B" beside 14,659,507,200 counted, 0.955; gemma-3-12b-it: 12B beside 12,187,325,040, 0.985). 0.9 is the
 * 10% a rounded card figure may be off (src/ingest/exact-count.ts uses the same margin), far above any MoE share.
 */
export const MOE_MAX_ACTIVE_SHARE = 0.9;

export const isMixtureOfExperts = (activeParameters: number, totalParameters: number): boolean =>
  activeParameters < MOE_MAX_ACTIVE_SHARE * totalParameters;
