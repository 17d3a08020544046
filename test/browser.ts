// Debian's chromium driven by playwright-core, for the page tests and the screenshots: nothing downloads a browser.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

export const chromiumPresent = (): boolean => existsSync(CHROMIUM);

/**
 * A browser with a fresh profile: playwright's launch() gives each browser a new temporary user-data-dir and
 * removes it on close (passing --user-data-dir ourselves is refused by launch()).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
