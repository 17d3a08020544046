// Rolling aliases (`claude-3-opus-latest`, `gpt-latest`): ids a provider re-points to whatever model it serves next.
import type { Fact } from '../schema/index.ts';

/**
 * A provider id ending in `-latest` names no model of its own: it serves one of the developer's snapshots and moves
 * when a new one ships (Anthropic's `claude-3-opus-latest` served `claude-3-opus-20240229`; OpenRouter re-pointed
 * `claude-opus-latest` from Opus 4.6 to 4.8). Vertex's `@latest` tag is stripped earlier, by key0.
 */
const ROLLING = /-latest$/i;

export const isRollingAlias = (id: string): boolean => ROLLING.test(id);

/** The id a rolling alias rolls within (`claude-3-opus-latest` -> `claude-3-opus`); other ids unchanged. */
export const rollingBase = (id: string): string => id.replace(ROLLING, '');

/**
 * A rolling alias kept as a model of its own (`gemini-pro-latest`, `gpt-latest`, `claude-sonnet-latest`) has no release
 * of its own: the dates its listings give are the days catalogues added the name (resellers list gemini-pro-latest on
 * 2026-02-27, 2026-03-29 and 2026-04-27), or the release of whichever model it pointed to when the file was written.
 * Such a date is withheld with this reason; a reviewed row of the developer's (developer-releases.csv) still stands.
 */
export function pointerReleaseWithheld(id: string, release: Fact<string> | undefined, reviewedSource: string) {
  if (!release || !isRollingAlias(id) || release.source === reviewedSource) return undefined;
  return {
    field: 'release_date', value: release.value, as_of: release.as_of, source: release.source,
    reason: `is a date listings give the pointer ${id}, a name its developer moves from model to model: the day a catalogue ` +
      'added the name or the release of a model it once served, not a release of its own (docs/data.md, "Release dates")',
  };
}
