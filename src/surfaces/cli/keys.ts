// The operator CLI for API keys: `npm run keys -- issue|list|revoke`. Prints a raw key once, at issue, and never again.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createKeyStore, issueKey, revokeKey } from '../../access/index.ts';
import { KeyAdminError } from '../../access/key-admin.ts';
import type { KeyStore, StoredKey } from '../../access/key-store.ts';
import type { KeyTier } from '../../access/keys.ts';
import { TIER_LIMITS } from '../../access/tiers.ts';
import { ConfigError, parseConfig, type Config } from '../../config/env.ts';

const USAGE = `Usage: npm run keys -- <command>

  issue --tier free|pro|enterprise [--quota N] [--owner NAME] [--json]
        Issue a key. The key is printed once: store it now, it cannot be shown again.
        --quota sets requests per day (required for enterprise; overrides the tier's default otherwise).
  list [--json]
        Every key: id, tier, quota, owner, created, revoked. Keys themselves are never shown.
  revoke <key-id>
        Revoke a key. Running instances refuse it within KEY_CACHE_TTL_SECONDS.

The store is PostgreSQL when DATABASE_URL is set, else the SQLite file KEYS_DB.`;

const TIERS: Record<string, KeyTier> = { free: 'free', pro: 'pro', enterprise: 'enterprise', ent: 'enterprise' };

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

const quotaText = (k: StoredKey): string =>
  `${(k.quota ?? (k.tier === 'enterprise' ? 0 : TIER_LIMITS[k.tier].quota)).toLocaleString('en-US')}/day${k.quota === null ? ' (tier default)' : ''}`;

async function run(store: KeyStore, config: Pick<Config, 'keyCacheTtlSeconds'>, argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { tier: { type: 'string' }, quota: { type: 'string' }, owner: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (command === 'issue') {
    const tier = values.tier === undefined ? undefined : TIERS[values.tier.toLowerCase()];
    if (!tier) throw new KeyAdminError('issue needs --tier free, pro or enterprise.');
    if (values.quota !== undefined && !/^\d+$/.test(values.quota)) throw new KeyAdminError('--quota must be a whole number of requests per day.');
    const quota = values.quota === undefined ? null : Number(values.quota);
    const { key, record } = await issueKey(store, { tier, quota, owner: values.owner ?? null });
    if (values.json) {
      const { hash: _hash, ...pub } = record;
      io.out(JSON.stringify({ key, ...pub }));
    } else {
      io.out(`Issued a ${tier} key for ${record.owner ?? '(no owner)'}: ${quotaText(record)}.`);
      io.out(`  id:  ${record.id}`);
      io.out(`  key: ${key}`);
      io.out('This is the only time the key is shown: only its hash is stored. Send it to its owner over a private channel.');
    }
    return 0;
  }
  if (command === 'list') {
    const keys = await store.list();
    if (values.json) {
      io.out(JSON.stringify(keys.map(({ hash: _hash, ...pub }) => pub)));
      return 0;
    }
    if (!keys.length) io.out('No keys issued yet.');
    for (const k of keys) {
      const state = k.revoked_at ? `revoked ${k.revoked_at}` : 'active';
      io.out(`${k.id}  ${k.tier.padEnd(10)}  ${quotaText(k).padEnd(26)}  ${(k.owner ?? '-').padEnd(20)}  created ${k.created_at}  ${state}`);
    }
    return 0;
  }
  if (command === 'revoke') {
    if (positionals.length !== 1) throw new KeyAdminError('revoke takes one key id (see `list`).');
    const rec = await revokeKey(store, positionals[0]!);
    io.out(`Key ${rec.id} (${rec.tier}, ${rec.owner ?? 'no owner'}) is revoked as of ${rec.revoked_at}.`);
    io.out(`Running instances refuse it within ${config.keyCacheTtlSeconds} s (KEY_CACHE_TTL_SECONDS).`);
    return 0;
  }
  io.err(USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

/** Run the CLI; returns the exit code. Errors are printed as one line, with no stack. */
export async function runKeysCli(argv: string[], env: Record<string, string | undefined> = process.env, io: CliIo = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
}): Promise<number> {
  let config: Config;
  try {
    config = parseConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) { io.err(e.message); return 2; }
    throw e;
  }
  const store = await createKeyStore(config);
  try {
    return await run(store, config, argv, io);
  } catch (e) {
    const known = e instanceof KeyAdminError || (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    io.err(`keys: ${known ? (e as Error).message : `failed: ${(e as Error).message}`}`);
    return known ? 2 : 1;
  } finally {
    await store.close();
  }
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) process.exitCode = await runKeysCli(process.argv.slice(2));
