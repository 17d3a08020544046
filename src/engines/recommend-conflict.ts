// What an empty recommendation says when its constraints rule out both ways to run a model.
/**
 * When the constraints leave no way to run any model (API offers and self-hosting both ruled out), the answer is
 * empty; this says which asks would keep the caller's intent and have an answer. where=eu-cloud rules self-hosting
 * out only beside a named machine or keep=on-device (a cloud in the EU is an API offer or a GPU rented in an EU
 * region, not the caller's device); keep=eu-only or where=on-premises keeps the intent on the caller's hardware.
 */
export function conflictWayOut(apiBlockedBy: string, selfBlockedBy: string): string {
  const head = `${apiBlockedBy} rules out every API offer and ${selfBlockedBy} rules out self-hosting, so no model can run.`;
  if (selfBlockedBy === 'where=eu-cloud') {
    return `${head} where=eu-cloud asks for a cloud in the EU (an API offer or a GPU rented in an EU region), not your own machine or `
      + 'device. To run a model on your own hardware in the EU, ask keep=eu-only in place of where=eu-cloud, or where=on-premises.';
  }
  if (selfBlockedBy === 'where=any-cloud') {
    return `${head} where=any-cloud asks for an API offer. To self-host, leave where out (a rented configuration) or ask `
      + 'where=on-premises (your own hardware).';
  }
  return `${head} To self-host on a rented configuration, leave ${selfBlockedBy} out.`;
}
