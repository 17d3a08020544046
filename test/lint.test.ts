// The lint of eslint.config.js (line length) run over src, test, bench and scripts, so `npm test` fails on a long line.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = resolve(import.meta.dirname, '..');

test('every TypeScript file passes the lint, or the failure lists file:line for each problem', async () => {
  // Parsing ~470 files is most of the cost (about 14 s); the cache, keyed on each file's content and on the config,
  // re-lints only what changed since the last run (about 2 s then). A cold checkout lints everything.
  const cacheLocation = resolve(ROOT, '.cache/eslint-test');
  const eslint = new ESLint({ cwd: ROOT, cache: true, cacheLocation, cacheStrategy: 'content' });
  const results = await eslint.lintFiles(['src', 'test', 'bench', 'scripts']);
  // A parse error is a message without a rule id; it is listed like any other problem.
  const problems = results.flatMap((r) =>
    r.messages.map((m) => `${r.filePath.slice(ROOT.length + 1)}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}`),
  );
  assert.ok(results.length > 100, `the lint saw ${results.length} files; the patterns or the ignores are wrong`);
  assert.deepEqual(problems, [], `${problems.length} lint problem(s):\n${problems.join('\n')}`);
});

test('the config reports a 161-column code line and lets a long string through', async () => {
  const eslint = new ESLint({ cwd: ROOT });
  // Lines worked by hand: `const a = [` (11) + 49 x `1, ` (147) + `1];` (3) = 161 columns; one fewer `1, ` is 158.
  const long = `const a = [${'1, '.repeat(49)}1];`;
  const short = `const b = [${'1, '.repeat(48)}1];`;
  // A 200-character string: prose, exempt by ignoreStrings.
  const prose = `const c = '${'x'.repeat(200)}';`;
  assert.equal(long.length, 161);
  const [result] = await eslint.lintText([long, short, prose, ''].join('\n'), { filePath: resolve(ROOT, 'src/probe.ts') });
  assert.deepEqual(
    result.messages.map((m) => [m.line, m.ruleId]),
    [[1, '@stylistic/max-len']],
  );
});
