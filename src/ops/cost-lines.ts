// The API and break-even parts of estimate_cost's answer, shared by its full and summary forms.
import { z } from 'zod';
import { IsoDate, NextPrices, OfferRegion, OFFER_REGION_TEXT, Sku } from '../schema/index.ts';
import { LISTED_WINDOWS } from '../engines/break-even-words.ts';
import { TIER_RULE } from '../engines/long-context.ts';
import { LIFECYCLE_STATE_TEXT, LifecycleState, wireFact } from './common.ts';
import { ServedUntil, VsDeveloperShutdown } from './cost-shutdown.ts';

/** A price with its provenance; `source` is absent from partial responses, as on every fact. */
export const PriceRef = z
  .object({
    usd_per_mtok: z.number().describe('USD per 1M tokens, as published.'),
    as_of: IsoDate.describe('The date the price was true.'),
    source: z.string().optional().describe('Where the price comes from (full responses).'),
    note: z.string().optional().describe('How the source qualifies the price: a price for part of each day (peak hours listed apart).'),
    sources_disagree: z.literal(true).optional().describe('Present where another source gives this offer another price (get_model '
      + 'lists them to full responses as the price fact\'s `conflicts`): the price shown is the one most recently set.'),
  })
  .describe('A published price with its date and source.');

export const ApiLine = z
  .object({
    provider: z.string().describe('Provider id.'),
    provider_name: z.string(),
    provider_model_id: z.string().describe('The id to put in an API request to this provider.'),
    region: OfferRegion.describe(OFFER_REGION_TEXT),
    sku: Sku.describe('`standard` (the list price) or `regional` (a data-zone or in-region endpoint): the base SKUs costed.'),
    first_party: z.boolean().describe("true: sold by the model's own developer (its API, cloud or plan); "
      + 'false: a reseller or gateway, listed as its sources give it, not vouched for.'),
    input: PriceRef.describe('Input (prompt) price.'),
    output: PriceRef.describe('Output price.'),
    blended_usd_per_mtok: z.number().describe('input_share x input + (1 - input_share) x output, USD per 1M tokens (derived); at '
      + '`long_context`\'s prices when the prompt size crosses a tier of the offer.'),
    monthly_usd: z.number().describe('blended x tokens_millions, USD a month (derived).'),
    zero_priced: z.boolean().describe('true when the blend is $0: a free tier or a subscription plan, usually rate-limited; `cheapest`, `cheaper` and the break-even use offers priced above zero.'),
    lifecycle_note: z.string().nullable().describe('Said when whether the offer is still sold is in doubt: the developer shut the '
      + 'model\'s API down and this provider, which hosts the model itself (Azure, Bedrock, Vertex AI), states no retirement date of '
      + 'its own ("the developer shut its API down on 2026-01-05; this provider hosts the model itself and states no date"); or '
      + 'the provider marks the offer deprecated with no shutdown date, which its source means as still served ("deprecated with '
      + 'no shutdown date given: still served, its retirement announced (...)"). '
      + '`cheapest`, `cheaper` and the break-even take an offer without such a note where one is priced. Null otherwise.'),
    lifecycle_state: LifecycleState.nullable().describe(`${LIFECYCLE_STATE_TEXT} Null where \`lifecycle_note\` is null.`),
    listing_unconfirmed: z.boolean().describe('true: the developer\'s own offer is listed by LiteLLM\'s price table alone, which '
      + 'keeps an entry after the developer stops selling a model; no live listing (models.dev, genai-prices, the developer\'s '
      + 'page) or notice of the developer confirms it is still sold. `cheapest`, `developer_offer`, `cheaper` and the break-even '
      + 'take a confirmed offer where one is priced, and `note` says when the one taken is unconfirmed. false otherwise (a '
      + 'reseller\'s listing is not judged).'),
    listing_note: z.string().nullable().describe('Said where `listing_unconfirmed` is true: where the price comes from, with the '
      + 'snapshot\'s date, and that no live listing confirms the developer still sells the model. Null otherwise.'),
    price_unchanged_since: IsoDate.optional().describe('Present where the offer\'s input and output prices were both set by their '
      + 'source more than 6 months before the data\'s date and no other source confirms either: the day the later of them was set. '
      + 'Such a price may no longer be what is charged: `cheapest`, `developer_offer`, `cheaper`, the break-evens and the curve '
      + 'take an offer without it where one is priced above zero (and `note` names the cheaper one passed over), and rest on it '
      + 'only for want of another (`note` says so).'),
    next_prices: wireFact(NextPrices).optional()
      .describe('The price a source schedules next for this offer, from the day `starts`; `input` and `output` apply until then.'),
    shutdown_date: wireFact(IsoDate).optional()
      .describe('The end of life its provider announced for this listing (a deprecated or legacy listing is costed until that day, left out from it on).'),
    vs_developer_shutdown: VsDeveloperShutdown.optional(),
    served_until: ServedUntil.optional(),
    long_context: z.object({
      prompt_tokens: z.number().int().describe('The prompt size priced: `context`, capped at the model\'s window.'),
      above_tokens: z.number().int().describe('The tier applied: a request whose prompt is longer than this pays it on every token.'),
      input: PriceRef.describe('Input price at this prompt size (the tier\'s; the base price where the tier gives none).'),
      output: PriceRef.describe('Output price at this prompt size (likewise).'),
    }).optional().describe(`Present only when the prompt size crosses a long-context tier of the offer: ${TIER_RULE}. `
      + '`input` and `output` above stay the base prices; the blend and the month are at these.'),
  })
  .describe('Monthly cost of the volume through one API offer.');
export type ApiLine = z.infer<typeof ApiLine>;

export const BreakEven = z
  .object({
    tokens_millions: z.number().nullable().describe('The smallest monthly volume (millions of tokens) at which self-hosting costs no more '
      + 'than the cheapest paid API offer; null when they never cross or a side has no figure. Owned hardware may cost no more only up to '
      + 'what its machines serve, then again later: see `stays_cheaper_from_tokens_millions`.'),
    reason: z.string().describe('The break-even in words, or why there is none.'),
    api_provider: z.string().nullable().describe('The API offer compared with.'),
    hardware_id: z.string().nullable().describe('The configuration compared with.'),
    stays_cheaper_from_tokens_millions: z.number().nullable()
      .describe('The monthly volume from which self-hosting costs no more than the API at every volume above (the cheapest '
        + 'configuration at each volume, as the curve draws it); null when there is none. Equal to `tokens_millions` unless there '
        + 'are `cheaper_windows`.'),
    cheaper_windows: z.array(z.object({
      from_tokens_millions: z.number(),
      to_tokens_millions: z.number().describe('Where the machines then running are full: one more costs more than the API saves.'),
      hardware_id: z.string(),
      machines: z.number().int().describe('Machines running at `from_tokens_millions`.'),
    })).describe('Narrower ranges of monthly volume below `stays_cheaper_from_tokens_millions` where owned self-hosting also costs '
      + `no more, earliest first, at most ${LISTED_WINDOWS} (whole machines: each added one costs its month whatever it serves).`),
    cheaper_windows_count: z.number().int().describe('How many such windows there are in all.'),
    estimate: z.literal(true),
    derived_from: z.array(z.string()),
  })
  .describe('The volume at which self-hosting and the cheapest paid API cost the same.');
