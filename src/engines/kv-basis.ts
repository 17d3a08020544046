// Why a fit and a serving batch count a sequence's KV cache differently, in the words each answer gives beside the other.
import { occupancy } from './kv-occupancy.ts';
import { roundTo } from './memory.ts';

/**
 * models_for_hardware: a fit holds every sequence at its longest (all `concurrency` of them may reach `context` tokens
 * at once), where estimate_cost's throughput batches them at their mean current length (kv-occupancy.ts).
 */
export function fitKvBasis(context: number, concurrency: number): string {
  const seqs = concurrency === 1 ? 'the sequence' : `each of the ${concurrency} sequences`;
  return `The fit holds ${seqs} at its full ${context} tokens of KV cache: all can reach their longest at once. ` +
    'estimate_cost sizes its serving batch on the same configuration at each sequence\'s mean current length in a paged ' +
    'cache (prompt + half the answer, as sequences in flight are spread over their answers), so it may batch more ' +
    'sequences than fit here.';
}

/** estimate_cost: its batch counts sequences at their mean current length; a fit (models_for_hardware) at their longest. */
export function servingKvBasis(context: number, input_share: number): string {
  const key = `${context} ${input_share}`;
  let words = servingWords.get(key);
  if (words === undefined) {
    if (servingWords.size >= SERVING_WORDS_MAX) servingWords.clear();
    servingWords.set(key, (words = servingKvWords(context, input_share)));
  }
  return words;
}

/**
 * The words by context and input share: one string for every answer at them, not a new one per ask (a partial answer
 * looks each text up by its content, and a new string is hashed afresh). Emptied when full.
 */
const servingWords = new Map<string, string>();
const SERVING_WORDS_MAX = 256;

function servingKvWords(context: number, input_share: number): string {
  const mean = roundTo(occupancy(context, input_share).mean_tokens, 0);
  return `\`batch\` counts each sequence at its mean current length in a paged KV cache, ${mean} of its ${context} tokens ` +
    '(prompt + half the answer: sequences in flight are spread over their answers). models_for_hardware\'s fit holds every ' +
    `sequence at its full ${context} tokens at once, so on the same configuration it may fit fewer sequences than \`batch\`.`;
}
