// The max-output rules: a cap above the model's window is impossible; a figure that is only the window is no cap.
import type { Model } from '../schema/index.ts';
import type { IngestIssue, ModelObservation } from '../sources/types.ts';

/**
 * A getter for `pick` that hides a source's max_output larger than the model's chosen context window (the output
 * shares the window with the prompt, so such a figure is a typo or the window's own size from a wider listing),
 * letting the next source's value win, and records each rejection as an ingest issue. No window: nothing is hidden.
 */
export function maxOutputWithin(modelId: string, contextWindow: number | undefined, issues: IngestIssue[]): (o: ModelObservation) => number | undefined {
  return (o) => {
    const v = o.max_output;
    if (v === undefined || contextWindow === undefined || v <= contextWindow) return v;
    issues.push({
      source: o.source,
      file: o.source,
      row: `${o.source_model_id} -> ${modelId}`,
      field: 'max_output',
      message: `max_output ${v} exceeds the model's context window ${contextWindow}: not used`,
    });
    return undefined;
  };
}

/** The reviewed table of developers' API output caps (developer-max-output.ts): its figures are caps, never the window. */
export const DEVELOPER_MAX_OUTPUT_SOURCE_ID = 'developer-max-output';

/** The head of a developer cap's note when the API no longer serves the model (developer-max-output.ts writes it). */
export const servedUntilWords = (day: string) => `the developer's API's cap while it served the model, until ${day}`;

/**
 * The last day the developer's API served the model, for a reviewed developer cap of an API that no longer does: such
 * a cap describes a past offer, not what any host allows today, so it is not ranked against current caps.
 */
export function servedUntil(m: Pick<Model, 'max_output'>): string | undefined {
  const out = m.max_output;
  if (out?.source !== DEVELOPER_MAX_OUTPUT_SOURCE_ID) return undefined;
  return out.note?.match(/^the developer's API's cap while it served the model, until (\d{4}-\d{2}-\d{2})/)?.[1];
}

/** Within 1% of the window: a catalogue's "max output" that is the window itself (or the window less a rounding). */
const WINDOW_SHARE = 0.99;

/**
 * A model's max_output that is only its context window: a figure within 1% of the window for a model whose weights are
 * not known closed, from any source but the developer's stated cap (a reviewed row) of a model whose weights are not
 * known open. Such a figure says that nothing but the window bounds the output (the weights generate until prompt plus
 * output fill it), not that the model can answer a short prompt with that many tokens wherever it is served: for open
 * weights each host sets its own cap on its offer. That holds of the developer's own figure too: OpenAI's page for
 * gpt-oss-120b gives '131,072 context window' and '131,072 max output tokens' (developers.openai.com/api/docs/models/
 * gpt-oss-120b, read 2026-11-29), and OpenAI serves the model on no API of the dataset, so the figure is the window the
 * weights allow, not a cap any host sets. A closed model is served by its developer alone (or under its terms), so a
 * figure equal to its window is the vendor's own statement (OpenAI's gpt-4: 8,192 of an 8,192 window) and stands as a cap.
 */
export function windowOnlyMaxOutput(m: Pick<Model, 'max_output' | 'context_window' | 'open_weights'>): boolean {
  const out = m.max_output;
  const window = m.context_window?.value;
  const stated = out?.source === DEVELOPER_MAX_OUTPUT_SOURCE_ID && m.open_weights?.value !== true;
  return out !== undefined && window !== undefined && m.open_weights?.value !== false
    && !stated && out.value >= WINDOW_SHARE * window;
}

/** The figures below the window that other sources give for a window-only max_output (its `conflicts`), ascending. */
export function lowerMaxOutputs(m: Pick<Model, 'max_output' | 'context_window'>): number[] {
  const window = m.context_window?.value;
  if (window === undefined) return [];
  const lower = (m.max_output?.conflicts ?? []).map((c) => c.value).filter((v) => v < WINDOW_SHARE * window);
  return [...new Set(lower)].sort((a, b) => a - b);
}

/**
 * What a window-only max_output is, in words: the window, and either that no source states a lower cap or which
 * lower figures the sources give (in `conflicts`; one listing's or host's cap each, so none is the model's).
 */
export function windowOnlyWords(m: Pick<Model, 'max_output' | 'context_window'>, tokens = ''): string {
  const lower = lowerMaxOutputs(m);
  const figures = lower.map((v) => v.toLocaleString('en-US')).join(', ');
  const below = lower.length ? `the sources also give ${lower.length === 1 ? 'a lower figure' : 'lower figures'} (${figures}, in `
    + `\`conflicts\`), ${lower.length === 1 ? 'one' : 'each one'} listing's or host's cap, not the model's` : 'no cap below the window is stated for the model';
  return `the model's context window (${m.context_window!.value}${tokens}), not an output cap: ${below}`;
}

/** The note a window-only max_output carries, so no reader takes it for a cap; returns the ids noted. */
export function noteWindowOnlyMaxOutput(models: Model[]): string[] {
  const noted: string[] = [];
  for (const m of models) {
    if (!windowOnlyMaxOutput(m)) continue;
    const hosts = m.open_weights?.value === true ? '; for open weights each host caps output on its own offer' : '';
    const said = `${windowOnlyWords(m)}, so the figure bounds prompt and output together${hosts}`;
    m.max_output = { ...m.max_output!, note: [m.max_output!.note, said].filter(Boolean).join('; ') };
    noted.push(m.id);
  }
  return noted;
}
