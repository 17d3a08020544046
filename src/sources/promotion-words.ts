// The words a promotional price's note opens with (ingest/running-promotions.ts writes them), and their reading back:
// answers that rank or compare prices say a price is promotional and what the list price is, from the same note.

/** How every promotional price's note begins: `promotional price since 2026-08-21, available at least through ...`. */
export const PROMOTIONAL_PRICE = 'promotional price';

/** Where the list price follows in the note. */
export const LIST_PRICE = '; the list price is ';

/** What a promotional price's note says: since and until when (as the provider words it), and the list price. */
export interface Promotion { span: string; list: number | undefined }

/**
 * The promotion a price's note states, or undefined for a price not marked promotional. The note is written by one
 * function (promotionNote), `promotional price<span> (<who says so>, <url>); the list price is $<list> per 1M tokens.`,
 * so its parts are read at fixed markers, not guessed: `span` is " since 2026-08-21, available at least through
 * 2026-11-21" or ", no end stated".
 */
export function promotionOf(p: { note?: string } | undefined): Promotion | undefined {
  const note = p?.note;
  if (!note?.startsWith(PROMOTIONAL_PRICE)) return undefined;
  const open = note.indexOf(' (', PROMOTIONAL_PRICE.length);
  const span = note.slice(PROMOTIONAL_PRICE.length, open < 0 ? undefined : open).replace(/^,\s*|^\s+/, '');
  const at = note.indexOf(LIST_PRICE);
  const list = at < 0 ? undefined : Number.parseFloat(note.slice(at + LIST_PRICE.length).replace(/^\$/, ''));
  return { span, list: list !== undefined && Number.isFinite(list) ? list : undefined };
}

/**
 * ` OpenRouter's price is promotional (no end stated; regular price $5 input, $30 output).` where the input or output price of
 * an offer is marked promotional; empty otherwise. The buyer reading a ranked or compared price learns it is a cut for
 * a while, and what it stands in for.
 */
export function promotionWords(prices: { input?: { note?: string }; output?: { note?: string } }, seller: string, judgedOn: string): string {
  const i = promotionOf(prices.input);
  const o = promotionOf(prices.output);
  const p = i ?? o;
  if (!p) return '';
  const list = [i?.list !== undefined ? `$${i.list} input` : '', o?.list !== undefined ? `$${o.list} output` : ''].filter(Boolean);
  return ` ${seller}'s price is promotional (${p.span}${list.length ? `; regular price ${list.join(', ')}` : ''})${endedWords(p, judgedOn)}.`;
}

/**
 * `: its stated end, 2026-11-21, is past by 2026-11-29, so the regular price may apply now` where the span's last ISO
 * day is before the day judged; empty otherwise. The data's prices are those of its snapshot's day, when OpenAI's
 * GPT-5.6 Sol cut ran "at least through" 2026-11-21; a reader on a later day is told that day has come.
 */
export function endedWords(p: Promotion, judgedOn: string): string {
  const end = p.span.match(/\d{4}-\d{2}-\d{2}/g)?.at(-1);
  return end && p.span.includes('through') && end < judgedOn
    ? `: its stated end, ${end}, is past by ${judgedOn}, so the regular price may apply now` : '';
}
