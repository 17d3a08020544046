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

/**
 * Value imports among src/engines that form a cycle: at load one module of the ring sees another's bindings before
 * they are set (a `const` read in the window throws), so a ring works only by the order of first import. Any ring
 * fails this check (the two there were before it, self-hosted cost <-> sizing and search index <-> rank, are gone).
 */
const KNOWN_RINGS = new Set<string>([]);

/** Same-folder value imports and re-exports (`import type` / `export type` lines erase at run time, so are left out). */
function valueImportsHere(source: string): string[] {
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*['"](\.\/[^'"]+)['"]/gms)].map((m) => m[1]);
}

function rings(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[] = [];
  const visit = (f: string, path: string[]) => {
    state.set(f, 'open');
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 'open') found.push([...path.slice(path.indexOf(t)), t].join(' -> '));
      else if (!state.get(t)) visit(t, [...path, t]);
    }
    state.set(f, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.get(f)) visit(f, [f]);
  return found;
}

test('valueImportsHere and rings: a type-only import is no edge; a two-module ring is found', () => {
  const src = "import type { A } from './a.ts';\nimport { b, type B } from './b.ts';\nexport { c } from './c.ts';\n"
    + "export type { D } from './d.ts';\nimport { e } from '../ops/e.ts';";
  assert.deepEqual(valueImportsHere(src), ['./b.ts', './c.ts']);
  assert.deepEqual(rings(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])), ['a -> b -> c -> a']);
  assert.deepEqual(rings(new Map([['a', ['b']], ['b', []]])), []);
});

test('no new import ring among src/engines (recommend-also -> recommend-hosting -> recommend-hosting-owned was one)', () => {
  const dir = join(SRC, 'engines');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const graph = new Map(files.map((f) => [f, valueImportsHere(readFileSync(join(dir, f), 'utf8')).map((s) => s.slice(2))]));
  assert.deepEqual(rings(graph).filter((r) => !KNOWN_RINGS.has(r)), []);
});
