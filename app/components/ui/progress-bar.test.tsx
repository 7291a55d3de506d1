// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '~/test/render';
import { ProgressBar, progressValue } from './progress-bar';

const bar = (container: HTMLElement) => container.querySelector<HTMLElement>('[role="progressbar"]')!;

describe('ProgressBar', () => {
  it('is named by its visible label and reports its value as a percentage', async () => {
    const container = await render(<ProgressBar label="Importing comments" value={40} />);
    const progressbar = bar(container);
    const label = document.getElementById(progressbar.getAttribute('aria-labelledby')!);
    expect(label?.textContent).toBe('Importing comments');
    expect(progressbar.getAttribute('aria-valuemin')).toBe('0');
    expect(progressbar.getAttribute('aria-valuemax')).toBe('100');
    expect(progressbar.getAttribute('aria-valuenow')).toBe('40');
    expect(progressbar.getAttribute('aria-valuetext')).toBe('40%');
    expect(container.textContent).toContain('40%');
    expect((progressbar.firstElementChild as HTMLElement).style.width).toBe('40%');
  });

  it('takes a value out of a maximum and shows the share of it', async () => {
    const progressbar = bar(await render(<ProgressBar label="Setup steps" value={3} max={8} />));
    expect(progressbar.getAttribute('aria-valuenow')).toBe('3');
    expect(progressbar.getAttribute('aria-valuemax')).toBe('8');
    expect(progressbar.getAttribute('aria-valuetext')).toBe('38%');
    expect((progressbar.firstElementChild as HTMLElement).style.width).toBe('37.5%');
  });

  it('keeps a value outside 0..max at the nearest end', async () => {
    const over = bar(await render(<ProgressBar label="Over" value={130} />));
    expect(over.getAttribute('aria-valuenow')).toBe('100');
    expect(over.getAttribute('aria-valuetext')).toBe('100%');
    expect((over.firstElementChild as HTMLElement).style.width).toBe('100%');
    const under = bar(await render(<ProgressBar label="Under" value={-5} max={10} />));
    expect(under.getAttribute('aria-valuenow')).toBe('0');
    expect((under.firstElementChild as HTMLElement).style.width).toBe('0%');
  });

  it('without a value is indeterminate: no number shown or announced', async () => {
    const container = await render(<ProgressBar label="Preparing the report" />);
    const progressbar = bar(container);
    expect(progressbar.hasAttribute('aria-valuenow')).toBe(false);
    expect(progressbar.hasAttribute('aria-valuetext')).toBe(false);
    expect(container.textContent).toBe('Preparing the report');
  });
});

describe('progressValue', () => {
  it('clamps, and treats a missing or non-positive maximum as 100', () => {
    expect(progressValue(50, 200)).toEqual({ now: 50, max: 200, fraction: 0.25 });
    expect(progressValue(Number.NaN)).toEqual({ now: 0, max: 100, fraction: 0 });
    expect(progressValue(30, 0)).toEqual({ now: 30, max: 100, fraction: 0.3 });
    expect(progressValue(Infinity, 10)).toEqual({ now: 0, max: 10, fraction: 0 });
  });
});
