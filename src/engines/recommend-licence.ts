// A recommendation's licence reason: open or closed weights, under which licence, and an EU exclusion where one binds.
import { citeLicenceTerms, citeSource as cite } from './cite.ts';
import { euExclusionSentence } from './licence-territory.ts';
import type { Candidate } from './recommend.ts';

/** The licence reason, with the clause quoted where the licence withholds its rights in the EU (licence-territory.ts). */
export function licenceReason(c: Candidate): string {
  const eu = euExclusionSentence(c.model);
  const text = licenceText(c);
  return eu ? `${text} Note: ${eu}.` : text;
}

function licenceText(c: Candidate): string {
  const m = c.model;
  const ow = m.open_weights;
  const l = m.licence;
  const lic = l ? `${l.value.name} (${l.value.id})` : null;
  if (ow?.value === true) {
    if (!l) return `Open weights (${cite(ow)}); no licence in the dataset.`;
    const osi = l.value.osi_approved === true ? 'OSI-approved' : l.value.osi_approved === false ? 'not OSI-approved' : 'OSI approval not established';
    const commercial = l.value.commercial_use === true ? 'commercial use allowed' : l.value.commercial_use === false ? 'no commercial use' : 'commercial use not established';
    return `Open weights (${cite(ow)}) under ${lic}: ${osi}, ${commercial} (${citeLicenceTerms(l)}).`;
  }
  if (ow?.value === false) return `Closed weights (${cite(ow)})${lic ? `, licence ${lic} (${cite(l!)})` : ''}: usable only through API offers.`;
  return `No source in the dataset says whether the weights are open${lic ? `; licence ${lic} (${cite(l!)})` : ''}.`;
}
