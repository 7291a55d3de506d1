/**
 * Draws the installed app's icons (the web app manifest's, docs/decisions/019) from the logo
 * mark into public/icons/: `npx tsx scripts/pwa-icons.ts`. Run it again after the mark changes
 * (app/components/ui/logo.tsx) and commit the PNGs; the build only copies them.
 *
 * The colours are the light theme's roles, written out: an icon is drawn once, outside any theme.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PRIMARY = '#00666d'; // --primary (brand-700)
const ON_PRIMARY = '#ffffff'; // --on-primary
const ACCENT = '#ee6340'; // --accent (coral-500)

/** The mark's planet, orbit and moon on the 32-unit grid of LogoMark. */
const markContent = `
  <ellipse cx="16" cy="16" rx="11" ry="5.5" transform="rotate(-28 16 16)" fill="none"
    stroke-width="1.75" stroke="${ON_PRIMARY}" stroke-opacity="0.45"/>
  <circle cx="16" cy="16" r="5.5" fill="${ON_PRIMARY}"/>
  <circle cx="25.2" cy="11.2" r="2.6" fill="${ACCENT}"/>`;

/** The mark as the app shows it: a rounded tile, transparent around it. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="9" fill="${PRIMARY}"/>${markContent}</svg>`;

/**
 * For launchers that cut their own shape (a circle, a squircle): the tile fills the square and
 * the drawing shrinks into the safe zone, the centre circle of 80 % of the width. The moon
 * reaches 13 units from the centre, so 0.78 keeps it inside 12.8.
 */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${PRIMARY}"/>
  <g transform="translate(16 16) scale(0.78) translate(-16 -16)">${markContent}</g></svg>`;

const icons = [
  { file: 'icon-192.png', svg: anyIcon, size: 192 },
  { file: 'icon-512.png', svg: anyIcon, size: 512 },
  { file: 'maskable-512.png', svg: maskableIcon, size: 512 },
  // iOS ignores the manifest's icons and rounds the corners itself.
  { file: 'apple-touch-icon-180.png', svg: maskableIcon, size: 180 },
];

const OUT = 'public/icons';
mkdirSync(OUT, { recursive: true });
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  for (const { file, svg, size } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `${OUT}/${file}`, omitBackground: true });
    await page.close();
    console.log(`${OUT}/${file}`);
  }
} finally {
  await browser.close();
}
