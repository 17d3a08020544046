// Rolling aliases (`claude-3-opus-latest`, `gpt-latest`): ids a provider re-points to whatever model it serves next.

/**
 * A provider id ending in `-latest` names no model of its own: it serves one of the developer's snapshots and moves
 * when a new one ships (Anthropic's `claude-3-opus-latest` served `claude-3-opus-20240229`; OpenRouter re-pointed
 * `claude-opus-latest` from Opus 4.6 to 4.8). Vertex's `@latest` tag is stripped earlier, by key0.
 */
const ROLLING = /-latest$/i;

export const isRollingAlias = (id: string): boolean => ROLLING.test(id);

/** The id a rolling alias rolls within (`claude-3-opus-latest` -> `claude-3-opus`); other ids unchanged. */
export const rollingBase = (id: string): string => id.replace(ROLLING, '');
