// Bundles the server into dist/server.mjs, the file `npm start` runs.
//
// Why a bundle: through tsx's loader, Node spent about 1.1 s of every start before main(), resolving, compiling
// and loading the module graph (some 680 files: 83 of ours, the rest our dependencies'). From one pre-built ES
// module the same takes 0.3 to 0.6 s on the same machine.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Kept out of the bundle: better-sqlite3 loads its compiled addon relative to its own files, and pg-native is an
 * optional addon pg asks for only when told to (it is not installed).
 */
export const EXTERNAL: string[] = ['better-sqlite3', 'pg-native'];

/**
 * Build the server bundle into `outdir`: server.mjs, and validate-worker.mjs beside it (the loader starts it as a
 * worker thread by that name). Returns the server's path. `outdir` must be inside the project (see env.ts).
 */
export async function buildServer(outdir = path.join(root, 'dist')): Promise<string> {
  await build({
    entryPoints: {
      server: path.join(root, 'src', 'server.ts'),
      'validate-worker': path.join(root, 'src', 'dataset', 'validate-worker.ts'),
      // The operator's key CLI, so that an image with production dependencies only (no tsx) can issue keys.
      keys: path.join(root, 'src', 'surfaces', 'cli', 'keys.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS dependencies call require() for Node's built-ins; an ES module has no require of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Names kept (no minification) so that stack traces in logs stay readable.
    logLevel: 'warning',
  });
  return path.join(outdir, 'server.mjs');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const out = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  process.stdout.write(`built ${path.relative(process.cwd(), out)} in ${Math.round(performance.now() - started)} ms\n`);
}
