// The container image and the compose sample, checked without a Docker engine: the Dockerfile parsed with
// dockerfile-ast, compose.yaml with yaml.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../src/config/env.ts';

const dockerfile = DockerfileParser.parse(readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
const instructions = dockerfile.getInstructions();
const froms = dockerfile.getFROMs();
const keyword = (i: Instruction) => i.getKeyword().toUpperCase();
/** Instructions after the last FROM: the image that runs. */
const finalStage = instructions.slice(instructions.lastIndexOf(froms.at(-1)!) + 1);
const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
/** COPY's flags (`--from`, `--chown`): dockerfile-ast keeps them apart from the arguments. */
const flag = (i: Instruction, name: string): string | undefined => {
  const flags = (i as unknown as { getFlags(): Array<{ getName(): string; getValue(): string | null }> }).getFlags();
  return flags.find((f) => f.getName() === name)?.getValue() ?? undefined;
};

test('multi-stage, base images pinned (a tag that is not latest), named stages', () => {
  assert.ok(froms.length >= 2, `${froms.length} stages`);
  for (const f of froms) {
    const tag = f.getImageTag();
    assert.ok(tag, `${f.getImageName()} has a tag`);
    assert.notEqual(tag, 'latest');
    assert.ok(f.getBuildStage(), `${f.getImageName()}:${tag} is a named stage`);
  }
  assert.match(`${froms.at(-1)!.getImageName()}:${froms.at(-1)!.getImageTag()}`, /^node:20-(bookworm-)?slim$/);
});

test('npm ci (never npm install); the build stage runs npm run build; the runtime installs production deps only', () => {
  const runs = instructions.filter((i) => keyword(i) === 'RUN').map((i) => i.getArgumentsContent() ?? '');
  assert.equal(runs.filter((r) => /\bnpm (install|i)\b/.test(r)).length, 0);
  assert.ok(runs.some((r) => /\bnpm ci\b(?!.*--omit=dev)/.test(r)), 'a full npm ci for the build');
  assert.ok(runs.some((r) => /\bnpm run build\b/.test(r)));
  assert.ok(runs.some((r) => /\bnpm ci\b.*--omit=dev/.test(r)), 'production dependencies for the runtime');
});

test('the final stage: non-root USER, HEALTHCHECK with node on /readyz, EXPOSE, CMD runs the bundle, COPY --chown', () => {
  const user = finalStage.filter((i) => keyword(i) === 'USER').at(-1);
  assert.ok(user, 'a USER instruction');
  const name = args(user)[0]!.split(':')[0]!;
  assert.ok(!['root', '0'].includes(name), `runs as ${name}`);
  const health = finalStage.find((i) => keyword(i) === 'HEALTHCHECK');
  assert.ok(health);
  assert.match(health.getArgumentsContent() ?? '', /"node".*\/readyz/);
  assert.ok(finalStage.some((i) => keyword(i) === 'EXPOSE' && args(i).includes('8080')));
  const cmd = finalStage.find((i) => keyword(i) === 'CMD');
  assert.match(cmd?.getArgumentsContent() ?? '', /dist\/server\.mjs/);
  const copies = finalStage.filter((i) => keyword(i) === 'COPY');
  assert.ok(copies.length >= 3);
  for (const c of copies) {
    const chown = flag(c, 'chown');
    assert.ok(chown, `${c.getArgumentsContent()} sets its owner`);
    // The service user must not own its code: a compromised process cannot rewrite it.
    assert.ok(!chown.includes(name), `${c.getArgumentsContent()} is not owned by ${name}`);
  }
});

test('every COPY source exists: a build stage declared before it, or a path in the repository', () => {
  const stages = new Set<string>();
  for (const i of instructions) {
    if (keyword(i) === 'FROM') {
      const stage = (i as unknown as { getBuildStage(): string | null }).getBuildStage();
      if (stage) stages.add(stage);
      continue;
    }
    if (keyword(i) !== 'COPY') continue;
    const from = flag(i, 'from');
    const sources = args(i).slice(0, -1);
    assert.ok(sources.length >= 1, i.getArgumentsContent() ?? '');
    if (from) {
      assert.ok(stages.has(from), `stage ${from} is declared before use`);
      continue;
    }
    for (const s of sources) assert.ok(existsSync(path.join(PROJECT_ROOT, s)), `${s} exists in the repository`);
  }
});

test('.dockerignore keeps node_modules and local key stores out and lets data/dataset in', () => {
  const lines = readFileSync(path.join(PROJECT_ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
  for (const p of ['node_modules', '.git', '*.sqlite', 'dist']) assert.ok(lines.includes(p), p);
  assert.ok(lines.includes('!data/dataset'));
});

type Service = {
  build?: unknown; image?: string; healthcheck?: { test: string[] }; depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
};

test('compose.yaml: two service instances built from the Dockerfile, Redis and PostgreSQL, with healthchecks and ordering', () => {
  const text = readFileSync(path.join(PROJECT_ROOT, 'compose.yaml'), 'utf8');
  const doc = parseYaml(text, { merge: true }) as { services: Record<string, Service> };
  const services = doc.services;
  const apis = Object.entries(services).filter(([, s]) => s.build !== undefined);
  assert.equal(apis.length, 2, 'two instances of the service');
  for (const [name, s] of apis) {
    assert.equal(s.build, '.', `${name} builds this repository's Dockerfile`);
    assert.match(s.healthcheck?.test.join(' ') ?? '', /\/readyz/);
    assert.equal(s.depends_on?.redis?.condition, 'service_healthy');
    assert.equal(s.depends_on?.postgres?.condition, 'service_healthy');
    assert.equal(s.environment?.REDIS_URL, 'redis://redis:6379');
    assert.match(s.environment?.DATABASE_URL ?? '', /^postgres:\/\/.*@postgres:5432\//);
    assert.equal(s.environment?.HOST, '0.0.0.0');
  }
  for (const dep of ['redis', 'postgres']) {
    const s = services[dep];
    assert.ok(s?.healthcheck?.test.length, `${dep} has a healthcheck`);
    assert.ok(s.image && !s.image.endsWith(':latest') && s.image.includes(':'), `${dep} image pinned: ${s.image}`);
  }
});
