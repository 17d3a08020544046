// Whether a query's words lie in order in a model's name or id: the phrase a search ranks above the same words apart.

const NUMBER = /^\p{N}/u;

/**
 * Whether `phrase` (query phraseWords) lies side by side and in order in `seq` (a name's or id's): each word as
 * written, a number also as the version its point release carries (`3` in `3.3`, not in `35`), the last word also as
 * the start of a word (`claude son` in Claude Sonnet 4.5), as a typed prefix counts. Plain loops: run per match.
 */
export function holdsPhrase(seq: readonly string[], phrase: readonly string[]): boolean {
  const last = phrase.length - 1;
  for (let i = 0; i + last < seq.length; i++) {
    let j = 0;
    for (; j <= last; j++) {
      const t = seq[i + j];
      const w = phrase[j];
      if (t === w) continue;
      if (NUMBER.test(w) ? t.startsWith(w) && t[w.length] === '.' : j === last && t.startsWith(w)) continue;
      break;
    }
    if (j > last) return true;
  }
  return false;
}
