// A model's display name without the developer's name a reseller puts before it (docs/data.md, "Canonical models").
import type { Fact } from '../schema/index.ts';

/** `Vendor: Name`, as OpenRouter and the catalogues copying it label a listing ("Cohere: Command R (08-2024)"). */
const LABELLED = /^([^:]{2,40}):\s+(\S.*)$/;

/**
 * The name less a leading "<developer>: " when that developer is the model's own (the developer table resolves the
 * label to the model's vendor): the label says who made the model, which the sheet states apart. A label that names
 * no known developer, or another one ("Mancer: Weaver (alpha)" while Mancer has no row), is left as the source wrote it.
 */
export function withoutDeveloperLabel(name: Fact<string>, vendor: string, resolveDeveloper: (n: string) => string | undefined): Fact<string> {
  const m = LABELLED.exec(name.value);
  if (!m || resolveDeveloper(m[1].trim()) !== vendor) return name;
  return { ...name, value: m[2], note: `the source's name "${name.value}" less its leading developer name` };
}
