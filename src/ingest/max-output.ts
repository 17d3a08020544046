// The max-output rule: a source's output cap above the model's context window is impossible, so it is not chosen.
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
