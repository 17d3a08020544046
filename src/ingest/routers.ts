// Routing endpoints: an id that picks a model per request is no model of the catalogue (docs/data.md, "Routers").
import { key0 } from './match-keys.ts';

/**
 * Routers named by their provider's own page, matched on the id's last two segments (the provider's namespace and
 * name), since `router` alone could be any vendor's word:
 * - `switchpoint/router` (OpenRouter, Kilo): OpenRouter's page for it (openrouter.ai/switchpoint/router) says
 *   Switchpoint's router analyses each request and directs it to a model from its own changing library;
 * - `moonshot-v1-auto` (LiteLLM's moonshot/moonshot-v1-auto): Moonshot's docs say it picks moonshot-v1-8k, -32k or
 *   -128k by the tokens the request's context takes, each a model of the catalogue priced apart (LiteLLM, citing
 *   platform.moonshot.ai/docs/pricing: $0.2/$2, $1/$3, $2/$5); the one price listed for it is the 128k model's, not
 *   what a short request costs. It is a per-request choice between three models, not a pointer to one.
 */
const NAMED_ROUTERS = new Set(['switchpoint/router', 'moonshot-v1-auto']);

/**
 * Whether an id names a router, not a language model: `auto` at any provider (Morph's and LLM Gateway's `auto`,
 * OpenRouter's and Kilo's `openrouter/auto`, OrcaRouter's `orcarouter/auto`), and the named routers above. Each
 * provider routes to models of its own choosing, so two providers' `auto` are not one model, and none is the
 * provider's model either: no rule creates a model from such an id, and no key can match one (no model is named
 * `auto`). OpenRouter's other pseudo-models (`openrouter/bodybuilder`) are left out by the OpenRouter rule's
 * namespace test (build-models.ts).
 */
export function isRouter(sourceId: string): boolean {
  if (key0(sourceId) === 'auto') return true;
  const parts = sourceId.trim().toLowerCase().replace(/^~/, '').split('/');
  return NAMED_ROUTERS.has(parts.slice(-2).join('/')) || NAMED_ROUTERS.has(parts[parts.length - 1]);
}
