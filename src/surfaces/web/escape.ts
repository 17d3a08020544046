// HTML escaping for the pages: one escape function and a tagged template that applies it to every interpolation.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in element content and in quoted attribute values (both quote kinds are escaped). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Markup already escaped or written by us: `html` inserts it as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlPart = SafeHtml | string | number | boolean | null | undefined | readonly HtmlPart[];

function part(v: HtmlPart): string {
  if (v === null || v === undefined || v === false || v === true) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return (v as readonly HtmlPart[]).map(part).join('');
  return escapeHtml(String(v));
}

/**
 * `html\`<p>${x}</p>\``: every interpolated value is escaped unless it is SafeHtml (another `html` result);
 * arrays are joined, null, undefined and booleans render nothing (so `${cond && html\`...\`}` works).
 */
export function html(strings: TemplateStringsArray, ...values: HtmlPart[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** For a value that must stay markup (an SVG string built by our renderer from escaped parts). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
