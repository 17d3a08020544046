// The assumptions every cost estimate rests on, spelled out in the response.
import { HOURS_PER_MONTH, MIN_SELF_HOSTING_BITS, TENSOR_PARALLEL_HELD_OUT } from './constants.ts';
import { DECODE_BASIS, PREFILL_BASIS } from './decode.ts';
import { roundTo } from './memory.ts';
import { IDLE_POWER_FRACTION } from './owned-power.ts';
import type { CostOptions, CostSettings } from './self-hosted-cost.ts';
import type { ApiCosts } from './api-cost.ts';
import { FLAT_RULE, SILENT_REASON_START, TIER_RULE } from './long-context.ts';

/**
 * The lines an ask's settings other than its context decide, by those settings: most asks differ only in the volume
 * and the context, so a handful of these serve every ask. The context is a number in one line (the decode line, and the
 * API line where an offer has long-context tiers), formatted per ask into a short-lived array of these lines.
 */
type Lines = { apiFlat: string; head: readonly string[]; decodeOpen: string; decodeClose: string; tail: readonly string[] };
const made = new Map<string, Lines>();
/** Distinct settings kept; the map is emptied when full (a stream of new shares or prices makes each once). */
const MADE_MAX = 64;

/**
 * The assumptions every cost estimate rests on, spelled out in the response: a new array of lines made once per
 * settings, the context's two lines formatted per ask. A list kept per context (with its serialized text and partial
 * projection) lived some 750 cold calls in a stream of new contexts and was promoted to die old; this array and its
 * one new line die with the ask, and the writer serializes its 3 KB as plain strings.
 */
export function costAssumptions(opts: CostOptions, s: CostSettings, api?: ApiCosts): string[] {
  const share = opts.input_share;
  const key = `${share} ${s.max_sequences} ${s.utilization} ${s.amortization_months} ${s.power_usd_per_kwh}`;
  let l = made.get(key);
  if (l === undefined) {
    if (made.size >= MADE_MAX) made.clear();
    made.set(key, (l = linesAt(share, s)));
  }
  const out = [apiWords(api) ? apiAssumption(share, s.context, true) : l.apiFlat, ...l.head];
  out.push(`${l.decodeOpen}${s.context}${l.decodeClose}`, ...l.tail);
  return out;
}

/**
 * `base` (a list costAssumptions made for this ask) with a model's own lines after it (a DSA model's attention line).
 */
export function assumptionsWith(base: string[], lines: readonly string[]): string[] {
  for (const line of lines) base.push(line);
  return base;
}

/**
 * The lines of one setting: the decode line around the place its context goes (the request's length, formatted per
 * ask), the API line without long-context words (`apiWords` decides per ask whether the tiered line replaces it).
 */
function linesAt(share: number, s: CostSettings): Lines {
  return {
    apiFlat: apiAssumption(share, s.context, false),
    head: [
      `self-hosting: every configuration that fits the model at ${MIN_SELF_HOSTING_BITS} bits per weight or more (quantization chosen as in models_for_hardware), rented at its on-demand hourly price or bought and run, cheapest first`,
      `prefill (the ${share} input share) is compute-bound: ${PREFILL_BASIS}; on Hopper under vLLM a prompt also pays ` +
        'its attention, each token to the ones before it, at the share of the dense rate FlashAttention-3 reaches for the ' +
        'head width (arXiv 2407.08608: 0.48 at 64 wide, 0.62 at 128, 0.65 at 256; elsewhere, and for MLA, not counted, the ' +
        'fast side at long prompts); where the dataset has no compute ' +
        'figure, prompt tokens are counted at the decode rate (the slow side); in FP8 too the rate is FP16\'s, as vLLM\'s ' +
        'published FP8 runs support: NVIDIA\'s TensorRT-LLM FP8 runs of Llama 3.3 70B and 3.1 8B on an H100 and an H200 ' +
        '(perf overview v1.0, held out of the fit) measure 2.5-3.6x the throughput this estimate gives them, so on prompt-heavy ' +
        'traffic such a server costs as little as a third of the Hopper figures here',
    ],
    decodeOpen: 'decode is memory-bandwidth bound under continuous batching: up to ' +
      `${s.max_sequences} sequences share each step, as many as memory holds, until compute binds; a request is `,
    decodeClose: ` tokens, ${share} of them prompt, and ` +
      'with requests arriving staggered (steady state) vLLM\'s paged KV cache holds each sequence at its current length, on ' +
      'average the prompt and half the answer (plus half a 16-token block), which each step reads and memory must hold; ' +
      `prefix caching, chunked-prefill gaps and preemption are not modelled; ${DECODE_BASIS}`,
    tail: [
      `tensor parallel (a configuration of several GPUs on a GPU-to-GPU fabric): the ${TENSOR_PARALLEL_HELD_OUT.runs} published vLLM `
        + `and SGLang runs on 8 GPUs held out of the fit read ${TENSOR_PARALLEL_HELD_OUT.low}x-${TENSOR_PARALLEL_HELD_OUT.high}x of `
        + `their measured speed, ${TENSOR_PARALLEL_HELD_OUT.slower} of them slower than estimated (docs/hardware-and-cost.md, `
        + `"${TENSOR_PARALLEL_HELD_OUT.section}"): such an option's throughput, and so its cost per token, may be up to that far off`,
      `utilization ${s.utilization}: the share of paid hours spent serving at that throughput (traffic is uneven over a day)`,
      `rented: billed hours = max(hours the volume needs, ${HOURS_PER_MONTH}); at least one machine for the month, extra machines only for the hours needed (dedicated_monthly_usd counts whole machine-months)`,
      `owned: purchase price over ${s.amortization_months} months plus electricity at ${s.power_usd_per_kwh} USD/kWh: ` +
        `board power for the hours it serves (hours the volume needs x utilization), the idle draw with the model loaded for the rest of each machine's ${HOURS_PER_MONTH} ` +
        'hours (a published reading of the accelerator where there is one, e.g. RTX 4090 22 W of 450 W, H100 140 W of 700 W; ' +
        'on a unified-memory machine the whole machine at the wall, the vendor\'s figure or a stated assumption, e.g. Mac Studio M2 Ultra 10 W; ' +
        `else ${IDLE_POWER_FRACTION} x board power, an upper bound for consumer cards); whole machines`,
      `owned host machine (CPU, board, memory, storage, power supply, chassis): bought with the accelerators and spread over the same ${s.amortization_months} `
        + 'months where a published build or bill of materials prices it (a desktop for one or two cards, an EPYC workstation for four RTX 3090, '
        + 'an 8-GPU HGX host shared per GPU; in the H100\'s price already); its own draw at the wall with nothing to do is charged '
        + `every one of the ${HOURS_PER_MONTH} hours where a published reading measures it (the option's \`host_watts\`; the one-card `
        + 'desktop), and not counted where none does (the two-card desktop, the EPYC workstation, the server hosts: each such '
        + 'option says so in `derived_from`); where no build prices the host, the owned month leaves it out '
        + '(`host_machine: null`), and `cheaper` does not call self-hosting cheaper on such a month alone',
      'not counted: staff, network egress, reserved or spot discounts',
      'break-even: against the cheapest API offer with a price above zero (free offers are usually rate-limited); the curve gives monthly cost at each volume for the API, the cheapest rented and the cheapest owned configuration',
    ],
  };
}

/** Whether the API's assumption speaks of long-context tiers: a line priced at one, or an offer left unpriced above one. */
function apiWords(api: ApiCosts | undefined): boolean {
  return api !== undefined
    && (api.offers.some((l) => l.long_context) || api.not_priced.some((n) => n.reason.startsWith(SILENT_REASON_START)));
}

/**
 * The API's assumption. Prompts are taken to fill the context (the KV cache's size, capped at the window); the words
 * change only where that reaches an offer's long-context tier, so an answer below every threshold reads as before.
 */
function apiAssumption(share: number, context: number, tiers: boolean): string {
  const blend = `API: blended price = ${share} x input + ${roundTo(1 - share, 6)} x output (USD per 1M tokens, `;
  if (!tiers) return `${blend}base prices as published: no long-context tiers, cache discounts or batch discounts)`;
  return `${blend}at the long-context price a prompt of ${context.toLocaleString('en-US')} tokens pays, each request's prompt taken `
    + `to fill the context: ${TIER_RULE}; ${FLAT_RULE} (\`not_priced\`); no cache or batch discounts)`;
}
