// The layering rule of STYLE.md: data flows sources -> ingest -> dataset -> engines -> ops -> access -> surfaces,
// and a layer imports only from layers before it (schema/, errors/ and config/ from anywhere).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const SRC = resolve(import.meta.dirname, '../src');
const ORDER = ['sources', 'ingest', 'dataset', 'engines', 'ops', 'access', 'surfaces'];
const ANYWHERE = new Set(['schema', 'errors', 'config']);
/** Top-level files (app.ts, server.ts) assemble the layers: they may import any of them. */
const TOP = Number.POSITIVE_INFINITY;
/**
 * Reviewed exceptions, each with its reason. The data build validates what it writes with the server's own loader,
 * so that a dataset the server would refuse is never written: one definition of "valid" rather than two.
 */
const ALLOWED = new Set(['ingest/run.ts -> dataset/load.ts', 'ingest/cli.ts -> dataset/load.ts']);

function layerOf(file: string): number | 'anywhere' {
  const first = relative(SRC, file).split('/')[0];
  if (ANYWHERE.has(first)) return 'anywhere';
  const i = ORDER.indexOf(first);
  return i === -1 ? TOP : i;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** Relative import specifiers of a module: static `from '...'`, side-effect `import '...'` and dynamic `import('...')`. */
function relativeImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(m[1]);
  return out;
}

test('relativeImports finds static, side-effect and dynamic imports, and nothing in plain strings', () => {
  const src = `import { a } from '../engines/x.ts';\nimport '../ops/y.ts';\nconst m = await import('../access/z.ts');\nconst s = 'from here';`;
  assert.deepEqual(relativeImports(src), ['../engines/x.ts', '../ops/y.ts', '../access/z.ts']);
});

test('no module imports from a later layer (STYLE.md: sources -> ingest -> dataset -> engines -> ops -> access -> surfaces)', () => {
  const violations: string[] = [];
  for (const file of filesUnder(SRC)) {
    const from = layerOf(file);
    for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(SRC + '/')) continue;
      const to = layerOf(target);
      if (to === 'anywhere') continue;
      // schema/, errors/ and config/ are imported from anywhere, so they themselves import no layer.
      const edge = `${relative(SRC, file)} -> ${relative(SRC, target)}`;
      if ((from === 'anywhere' || to > from) && !ALLOWED.has(edge)) violations.push(edge);
    }
  }
  assert.deepEqual(violations, []);
});
