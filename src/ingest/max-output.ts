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

/** Within 1% of the window: a catalogue's "max output" that is the window itself (or the window less a rounding). */
const WINDOW_SHARE = 0.99;

/**
 * A model's max_output that is only its context window: a figure within 1% of the window, from any source but the
 * developer's stated cap (a reviewed row). Such a figure says that nothing but the window bounds the output (the
 * weights generate until prompt plus output fill it), not that the model can answer a short prompt with that many
 * tokens wherever it is served: for open weights each host sets its own cap on its offer.
 */
export function windowOnlyMaxOutput(m: Pick<Model, 'max_output' | 'context_window'>): boolean {
  const out = m.max_output;
  const window = m.context_window?.value;
  return out !== undefined && window !== undefined && out.source !== DEVELOPER_MAX_OUTPUT_SOURCE_ID && out.value >= WINDOW_SHARE * window;
}

/** The note a window-only max_output carries, so no reader takes it for a cap; returns the ids noted. */
export function noteWindowOnlyMaxOutput(models: Model[]): string[] {
  const noted: string[] = [];
  for (const m of models) {
    if (!windowOnlyMaxOutput(m)) continue;
    const hosts = m.open_weights?.value === true ? '; for open weights each host caps output on its own offer' : '';
    const said = `the model's context window (${m.context_window!.value}), not an output cap: no cap below the window is stated `
      + `for the model, so the figure bounds prompt and output together${hosts}`;
    m.max_output = { ...m.max_output!, note: [m.max_output!.note, said].filter(Boolean).join('; ') };
    noted.push(m.id);
  }
  return noted;
}
