// Long-context tiers above a listing's window can no longer be paid: kept dated on the offer, never priced.
import type { Offer } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';

/**
 * A tier applies to prompts strictly longer than its `above_tokens` (engines/long-context.ts); a listing that serves
 * at most W tokens never takes such a prompt when `above_tokens` >= W. Sources keep such tiers after the window
 * shrank: genai-prices (npm 0.1.8, anthropic claude-sonnet-4-5, context_window 200000) says "The 1M context beta was
 * retired on 2026-04-30; requests over 200k now error. The >200k tiers describe historical usage from before
 * retirement", and LiteLLM still lists `input_cost_per_token_above_200k_tokens` beside `max_input_tokens` 200000.
 * The window is the listing's own where its source states one, else the model's. Such tiers move from
 * `prices.tiers` to `unpriced_tiers` (the same fact: its source and date, with a note saying why), so the history
 * stays and no answer prices a request the listing cannot serve. Returns one issue per offer; offers change in place.
 */
export function setAsideUnreachableTiers(offers: Offer[], modelWindow: (modelId: string) => number | undefined): IngestIssue[] {
  const issues: IngestIssue[] = [];
  for (const o of offers) {
    const tiers = o.prices.tiers;
    if (!tiers) continue;
    const own = o.context_window?.value;
    const window = own ?? modelWindow(o.model_id);
    if (window === undefined) continue;
    const out = tiers.value.filter((t) => t.above_tokens >= window);
    if (!out.length) continue;
    const whose = own !== undefined ? `the listing's own window (${o.context_window!.source}, ${o.context_window!.as_of})`
      : 'the model\'s window (the listing states none)';
    const why = `not priced: a tier applies to prompts longer than its threshold, and ${whose} is ${window.toLocaleString('en-US')} tokens`;
    o.unpriced_tiers = { ...tiers, value: out, note: tiers.note ? `${tiers.note}; ${why}` : why };
    const kept = tiers.value.filter((t) => t.above_tokens < window);
    if (kept.length) o.prices.tiers = { ...tiers, value: kept };
    else delete o.prices.tiers;
    issues.push({ source: tiers.source, file: '(offers)', row: `${o.provider}/${o.provider_model_id}:${o.sku}`, field: 'prices.tiers',
      message: `tier(s) above ${out.map((t) => t.above_tokens.toLocaleString('en-US')).join(', ')} tokens set aside, ${why}` });
  }
  return issues;
}
