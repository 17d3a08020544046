// What an empty recommendation says when its constraints rule out both ways to run a model.
/**
 * When the constraints leave no way to run any model (API offers and self-hosting both ruled out), the answer is
 * empty; this says which asks would keep the caller's intent and have an answer. A hospital that writes
 * where=eu-cloud with a constraint no API offer is shown to meet (data=secret; keep=no-retention where no provider's
 * page says so) means "in the EU, under our control": renting GPUs in an EU region is that, and keep=eu-only is how
 * this service asks for it (where=eu-cloud asks for an API offer in the EU).
 */
export function conflictWayOut(apiBlockedBy: string, selfBlockedBy: string): string {
  const head = `${apiBlockedBy} rules out every API offer and ${selfBlockedBy} rules out self-hosting, so no model can run.`;
  if (selfBlockedBy === 'where=eu-cloud') {
    return `${head} where=eu-cloud asks for an API offer in the EU. To run a model in the EU yourself, ask keep=eu-only in place `
      + 'of where=eu-cloud (self-hosted on a configuration rented in an EU region of its provider, or on your own hardware in '
      + 'the EU), or where=on-premises (your own hardware).';
  }
  if (selfBlockedBy === 'where=any-cloud') {
    return `${head} where=any-cloud asks for an API offer. To self-host, leave where out (a rented configuration) or ask `
      + 'where=on-premises (your own hardware).';
  }
  return `${head} To self-host on a rented configuration, leave ${selfBlockedBy} out.`;
}
