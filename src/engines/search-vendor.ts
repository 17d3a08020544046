// The developer a `vendor` filter names: its id or name, or the owner its models' repositories are published under.
import type { Dataset } from '../dataset/dataset.ts';
import { suggest } from '../dataset/suggest.ts';

export type VendorReading = { vendor: string; via?: string } | { unknown: true; suggestions: string[] };

/**
 * `vendor` as a user types it: a developer id or name (`meta`, `Meta`) as it is; else the owner of the repositories the
 * models are published under on Hugging Face (`meta-llama`, `deepseek-ai`, `mistralai`), where the models carrying
 * aliases under that owner all have one developer: `meta-llama/...` is Meta's alone (15 models on the committed data),
 * so `meta-llama` reads as Meta; `google/...` routes carry Anthropic models too (Vertex AI), so an owner shared by two
 * developers names neither. Else unknown, with the closest developer ids and names.
 */
export function readVendor(ds: Dataset, typed: string): VendorReading {
  const v = typed.trim().toLowerCase();
  if (ds.models.some((m) => m.vendor === v) || ds.developers.some((d) => d.id === v || d.name.toLowerCase() === v)) return { vendor: v };
  const owners = new Set<string>();
  for (const m of ds.models) if (m.aliases.some((a) => a.toLowerCase().startsWith(`${v}/`))) owners.add(m.vendor);
  if (owners.size === 1) return { vendor: [...owners][0], via: v };
  const names = [...new Set([...ds.developers.flatMap((d) => [d.id, d.name]), ...ds.models.map((m) => m.vendor)])];
  // One spelling per developer (`meta`, not also `Meta`): an id, or a name that is more than its id in capitals.
  const seen = new Set<string>();
  const distinct = [...owners, ...names].filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
  return { unknown: true, suggestions: suggest(v, distinct) };
}
