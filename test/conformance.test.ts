// The official MCP conformance suite against the real app: the scenarios that apply to a tools-only server pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { listen, testApp } from './helpers.ts';

/**
 * The runner needs Node 22 while the service runs on Node 20: .ci/run installs the npm `node@22` package beside the
 * project (`.cache/node22`, not a dependency: its binary would shadow the Node that runs everything else).
 */
const NODE22 = process.env.CONFORMANCE_NODE ?? path.join(PROJECT_ROOT, '.cache', 'node22', 'node_modules', 'node', 'bin', 'node');
const CLI = path.join(PROJECT_ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/**
 * Scenarios for what this server offers, per protocol version the runner has scenarios for: lifecycle, ping, the
 * tool, resource and prompt lists, completion, DNS rebinding (2025-11-25). The others call fixture tools, resources
 * and prompts of the suite's reference server (`test_error_handling`, `test://static-text`...) or test logging,
 * sampling, elicitation, progress and subscriptions, which this read-only server does not have. The runner
 * (0.1.16) has no 2026-07-28 scenarios yet: that era is tested with the official v2 client (test/parity.test.ts).
 */
const COMMON = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'completion-complete'];
const APPLICABLE: Record<string, readonly string[]> = {
  '2025-06-18': COMMON,
  '2025-11-25': [...COMMON, 'dns-rebinding-protection'],
};

type Check = { id: string; status: string; errorMessage?: string };

function run(args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(NODE22, args, { cwd, timeout: 60_000, maxBuffer: 8 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

const missing = !existsSync(NODE22) ? `Node 22 binary absent (${NODE22}); .ci/run installs it: npm install --no-save --prefix .cache/node22 node@22` : !existsSync(CLI) ? 'conformance package absent' : false;

for (const [version, scenarios] of Object.entries(APPLICABLE)) {
  test(`MCP conformance ${version}: the scenarios that apply to this server pass`, { skip: missing, timeout: 90_000 }, async () => {
    const app = testApp();
    const base = await listen(app);
    const out = mkdtempSync(path.join(os.tmpdir(), 'mds-conformance-'));
    try {
      // One run of the version's suite (one process, ~10 s) and then the applicable scenarios' checks are read back;
      // the exit code is non-zero because of the scenarios that do not apply.
      const { out: log } = await run([CLI, 'server', '--url', `${base}/mcp`, '--spec-version', version, '-o', out], out);
      const dirs = readdirSync(out);
      for (const scenario of scenarios) {
        const dir = dirs.find((d) => d.startsWith(`server-${scenario}-`));
        assert.ok(dir, `scenario ${scenario} ran\n${log.slice(-2000)}`);
        const checks = JSON.parse(readFileSync(path.join(out, dir, 'checks.json'), 'utf8')) as Check[];
        assert.ok(checks.length > 0, scenario);
        for (const c of checks) assert.equal(c.status, 'SUCCESS', `${scenario}/${c.id}: ${c.errorMessage ?? ''}`);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
      await app.close();
    }
  });
}
