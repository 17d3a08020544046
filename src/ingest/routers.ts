// Routing endpoints: an id that picks a model per request is no model of the catalogue (docs/data.md, "Routers").
import { key0 } from './match-keys.ts';

/**
 * Whether an id names a router, not a language model: `auto` at any provider (Morph's and LLM Gateway's `auto`,
 * OpenRouter's and Kilo's `openrouter/auto`, OrcaRouter's `orcarouter/auto`). Each provider routes to models of its
 * own choosing, so two providers' `auto` are not one model, and none is the provider's model either: no rule creates
 * a model from such an id, and no key can match one (no model is named `auto`). OpenRouter's other pseudo-models
 * (`openrouter/bodybuilder`) are left out by the OpenRouter rule's namespace test (build-models.ts).
 */
export function isRouter(sourceId: string): boolean {
  return key0(sourceId) === 'auto';
}
