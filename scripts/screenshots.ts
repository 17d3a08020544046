// `npm run screenshots`: every page at desktop (1280 px) and phone (390 px) width, in docs/screenshots/, light scheme.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { launchChromium } from '../test/browser.ts';
import { listen, servedDataset, testAccess, testConfig } from '../test/helpers.ts';

const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['home', '/'],
  ['search', '/models?q=llama%203.3'],
  ['model', '/models/llama-3.3-70b-instruct'],
  ['compare', '/compare?models=gpt-4o,deepseek-v3,llama-3.3-70b-instruct'],
  ['hardware-list', '/hardware'],
  ['hardware', '/hardware/rtx-4090'],
  ['cost', '/cost/llama-3.3-70b-instruct'],
  ['podium', '/podium'],
  ['changes', '/changes'],
  ['trust', '/trust/gpt-4o'],
  ['recommend', '/recommend?who=hospital&use=documents&data=patient%20records&keep=must%20stay%20in%20the%20EU'],
  ['not-found', '/models/lama-3.3-70b-instrukt'],
];
const WIDTHS: ReadonlyArray<readonly [string, number, number]> = [['desktop', 1280, 900], ['phone', 390, 844]];

async function main(): Promise<void> {
  const out = path.join(PROJECT_ROOT, 'docs', 'screenshots');
  mkdirSync(out, { recursive: true });
  // The committed dataset, anonymous (what a visitor without a key sees), today fixed so the figures are stable.
  const app = buildApp({ config: testConfig(), dataset: servedDataset().dataset, access: testAccess(), today: () => '2026-10-01' });
  const base = await listen(app);
  const browser = await launchChromium();
  try {
    for (const [width, w, h] of WIDTHS) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: 'light' });
      for (const [name, url] of PAGES) {
        await page.goto(base + url);
        const file = path.join(out, `${name}-${width}.png`);
        // The top of the page, as a visitor first sees it: a full page would be many screens of table.
        await page.screenshot({ path: file });
        process.stdout.write(`${path.relative(PROJECT_ROOT, file)}\n`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
