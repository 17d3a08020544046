// cheapest_for's account of what it left out for lifecycle reasons: deprecated models and offers no longer served.

/** One sentence per reason, with the counts; null when nothing was left out. */
export function leftOutNote(deprecated: number, shutDown: number, dataAsOf: string): string | null {
  const out: string[] = [];
  if (deprecated) {
    out.push(`${deprecated} model${deprecated === 1 ? '' : 's'} meeting the floor and filters ${deprecated === 1 ? 'is' : 'are'} left out as deprecated `
      + `or shut down by ${deprecated === 1 ? 'its' : 'their'} developer by ${dataAsOf} (include_deprecated=true ranks them at offers still served).`);
  }
  if (shutDown) {
    out.push(`${shutDown} model${shutDown === 1 ? '' : 's'} ${shutDown === 1 ? 'is' : 'are'} left out because every priced offer fitting the filters `
      + `is shut down by ${dataAsOf} (its provider retired the listing or its shutdown date has passed).`);
  }
  return out.length ? out.join(' ') : null;
}
