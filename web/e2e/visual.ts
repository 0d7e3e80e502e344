import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * Screenshot baselines: committed PNGs the main screens are compared with, so a change that breaks
 * the look fails CI. `UPDATE_VISUAL_BASELINES=1 npm run e2e -w web -- visual` writes them anew
 * (README, "Tests"); a missing baseline fails unless that variable is set.
 */
export const BASELINES = path.join(import.meta.dirname, 'visual-baselines');

/** Per pixel: how different two colours may be before the pixel counts (pixelmatch's 0-1 scale). */
const PIXEL_THRESHOLD = 0.2;
/** Share of differing pixels a screen may have: text anti-aliasing moves a little between runs. */
const ALLOWED_SHARE = 0.01;

/** What changes on every run and says nothing about the look: relative times, the server's uptime and memory. */
const VOLATILE = ['time', '[data-testid="dashboard-system"]', '[data-testid="dashboard-health"]', '[data-testid="dashboard-chart"]'];

export interface Comparison {
  name: string;
  /** Share of pixels that differ, 0-1; -1 when the baseline was (re)written. */
  share: number;
  /** Where the difference image was written, for the reader of a failed run. */
  diff?: string;
}

/** Takes the screenshot of `page` and compares it with the baseline `name` (or writes it, when updating). */
export async function compareWithBaseline(page: Page, name: string, diffDir: string): Promise<Comparison> {
  await page.evaluate(() => document.fonts.ready);
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', mask: VOLATILE.map((s) => page.locator(s)), maskColor: '#888888' });
  const file = path.join(BASELINES, `${name}.png`);
  if (process.env.UPDATE_VISUAL_BASELINES === '1') {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(file, shot);
    return { name, share: -1 };
  }
  if (!fs.existsSync(file)) throw new Error(`No baseline ${file}: run the visual test with UPDATE_VISUAL_BASELINES=1 and commit the images.`);
  const expected = PNG.sync.read(fs.readFileSync(file));
  const actual = PNG.sync.read(shot);
  if (expected.width !== actual.width || expected.height !== actual.height) return { name, share: 1 };
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  const share = differing / (actual.width * actual.height);
  if (share <= ALLOWED_SHARE) return { name, share };
  fs.mkdirSync(diffDir, { recursive: true });
  const diffFile = path.join(diffDir, `${name}-diff.png`);
  fs.writeFileSync(diffFile, PNG.sync.write(diff));
  fs.writeFileSync(path.join(diffDir, `${name}-actual.png`), shot);
  return { name, share, diff: diffFile };
}

export const withinTolerance = (c: Comparison) => c.share <= ALLOWED_SHARE;
