// cheapest_for's account of what it left out for lifecycle reasons: deprecated models and offers no longer served.

const models = (n: number) => (n === 1 ? '1 model is' : `${n} models are`);

/** One sentence per reason, with the counts; null when nothing was left out. */
export function leftOutNote(deprecated: number, shutDown: number, judgedOn: string, closed = 0): string | null {
  const out: string[] = [];
  if (deprecated) {
    out.push(`${models(deprecated)} left out as deprecated or shut down by the developer by ${judgedOn}, though meeting `
      + 'the floor and filters (include_deprecated=true ranks them at offers still served).');
  }
  if (shutDown) {
    out.push(`${models(shutDown)} left out because every priced offer fitting the filters is shut down by ${judgedOn} `
      + '(its provider retired the listing or its shutdown date has passed).');
  }
  if (closed) {
    out.push(`${models(closed)} left out because every priced offer still served that fits the filters is sold to existing `
      + 'customers only (its provider deprecated the listing with no shutdown date and takes no new customers): a new buyer cannot buy it.');
  }
  return out.length ? out.join(' ') : null;
}
