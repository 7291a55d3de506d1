import type { Page } from '@playwright/test';
import { expect, settle } from './fixtures';

/** The widths every screen is checked at: a phone, a tablet, and the usual desktops. */
export const LAYOUT_WIDTHS = [375, 768, 1280, 1440, 1920] as const;

/**
 * What is broken in the page's layout as it stands, in words (empty when nothing is): run in the
 * page. Three kinds of break, each a thing a person meets:
 * - the page, or any box in it, is wider than its room: the page scrolls sideways, or a box's
 *   content spills out of it or scrolls sideways inside it (a box that clips on purpose, with
 *   `overflow: hidden` as a truncated text does, is not a break: its full value is the caller's
 *   to offer);
 * - a table's word is cut over two lines (an address wrapped a few characters a line);
 * - a control (a link, a button, a field) lies outside the window or outside a box that clips
 *   or scrolls it, so it cannot be seen without scrolling sideways;
 * - an empty field's placeholder is wider than the field's room for text, so its end is cut
 *   ("Words in the co"): a placeholder is always the app's own words, never a user's value.
 */
function layoutBreaks(): string[] {
  const problems: string[] = [];
  const viewport = document.documentElement.clientWidth;
  const name = (element: Element) => {
    const html = element as HTMLElement;
    const label = element.getAttribute('aria-label') ?? html.innerText ?? '';
    const classes = typeof html.className === 'string' ? html.className.split(/\s+/).slice(0, 4).join('.') : '';
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  };
  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    // An element drawn 1 px wide or less is for assistive technology only (`sr-only`).
    return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== 'hidden';
  };

  const page = document.documentElement.scrollWidth;
  if (page > viewport + 1) problems.push(`the page is ${page} px wide in a ${viewport} px window`);

  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    if (!(element instanceof HTMLElement) || element.clientWidth === 0) continue;
    const overflowX = getComputedStyle(element).overflowX;
    if (overflowX === 'hidden' || overflowX === 'clip') continue;
    const over = element.scrollWidth - element.clientWidth;
    if (over > 1 && shown(element)) {
      problems.push(`${name(element)}: content ${over} px wider than its ${element.clientWidth} px box`);
    }
  }

  const range = document.createRange();
  for (const table of document.querySelectorAll('table')) {
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      // A word ends at a space, or after a hyphen (where a line may break by the rules of writing).
      for (const match of text.matchAll(/[^\s-]+-?/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) problems.push(`a table's word "${match[0].slice(0, 40)}" is cut over ${lines.size} lines`);
      }
    }
  }

  const controls = document.body.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [tabindex="0"]',
  );
  for (const control of controls) {
    if (!shown(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.left < -1 || rect.right > viewport + 1) {
      problems.push(`${name(control)} lies outside the window (${Math.round(rect.left)}–${Math.round(rect.right)} px)`);
      continue;
    }
    for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const room = box.getBoundingClientRect();
      if (rect.left < room.left - 1 || rect.right > room.right + 1) {
        problems.push(`${name(control)} lies outside its box ${name(box)}`);
        break;
      }
    }
  }
  const measure = document.createElement('canvas').getContext('2d');
  for (const field of document.body.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (!measure || field.value || !shown(field)) continue;
    const style = getComputedStyle(field);
    measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const text = Math.ceil(measure.measureText(field.placeholder).width);
    if (text > room + 1) problems.push(`the placeholder "${field.placeholder}" is cut: ${text} px in ${room} px`);
  }
  return [...new Set(problems)];
}

/**
 * The page's layout breaks at each width, by resizing the open page (no reload: each width is
 * the same screen, with what a resize changes, as a window dragged wider), each one labelled
 * with `what` and the width.
 */
export async function layoutBreaksAtEveryWidth(page: Page, what: string) {
  const found: string[] = [];
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The app's own answer to the width (useScreen, a ResizeObserver, a long list drawn against
    // the page rather than its frame) is drawn by then on a quiet machine. On a busy one it once
    // took longer (CI, a phone's inbox measured mid-change): a break counts once it holds for
    // the poll's three seconds, as a person would meet it, not while the page is still changing.
    await settle(page);
    let problems: string[] = [];
    await expect
      .poll(async () => (problems = await page.evaluate(layoutBreaks)), { timeout: 3_000 })
      .toEqual([])
      .catch(() => undefined);
    for (const problem of problems) found.push(`${what} at ${width} px: ${problem}`);
  }
  return found;
}
