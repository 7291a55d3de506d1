// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '~/test/render';
import { Checkbox, CheckboxControl } from './checkbox';

const box = (container: HTMLElement) => container.querySelector<HTMLElement>('[role="checkbox"]')!;
/** Headless UI marks a box "changing" for two frames after a toggle; the test waits them out. */
const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
const click = (element: Element) =>
  act(async () => {
    (element as HTMLElement).click();
    await frames();
  });

/** A select-all over three rows, as the table will hold it: the rows decide what the box says. */
function SelectAll({ initial }: { initial: boolean[] }) {
  const [rows, setRows] = useState(initial);
  const ticked = rows.filter(Boolean).length;
  return (
    <form>
      <CheckboxControl
        aria-label="Select all comments"
        name="all"
        checked={ticked === rows.length}
        indeterminate={ticked > 0 && ticked < rows.length}
        onChange={(checked) => setRows(rows.map(() => checked))}
      />
      <output>{rows.map((row) => (row ? 'x' : '-')).join('')}</output>
    </form>
  );
}

describe('Checkbox', () => {
  it('says "mixed" while some rows are ticked, and ticks them all when pressed', async () => {
    const container = await render(<SelectAll initial={[true, false, true]} />);
    const selectAll = box(container);
    expect(selectAll.getAttribute('aria-label')).toBe('Select all comments');
    expect(selectAll.getAttribute('aria-checked')).toBe('mixed');
    expect(selectAll.hasAttribute('data-indeterminate')).toBe(true);

    await click(selectAll);
    expect(container.querySelector('output')?.textContent).toBe('xxx');
    expect(selectAll.getAttribute('aria-checked')).toBe('true');
    expect(selectAll.hasAttribute('data-indeterminate')).toBe(false);
    expect(new FormData(container.querySelector('form')!).get('all')).toBe('on');

    await click(selectAll);
    expect(container.querySelector('output')?.textContent).toBe('---');
    expect(selectAll.getAttribute('aria-checked')).toBe('false');
    expect(new FormData(container.querySelector('form')!).has('all')).toBe(false);
  });

  it('is toggled by keyboard and by its label, sending its value only while ticked', async () => {
    const container = await render(
      <form>
        <Checkbox label="Email me a weekly report" description="Every Monday." name="weekly" value="yes" />
      </form>,
    );
    const form = container.querySelector('form')!;
    const checkbox = box(container);
    const described = document.getElementById(checkbox.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Every Monday.');
    const labelledBy = document.getElementById(checkbox.getAttribute('aria-labelledby')!);
    expect(labelledBy?.textContent).toBe('Email me a weekly report');
    expect(new FormData(form).has('weekly')).toBe(false);

    await act(async () => {
      checkbox.focus();
      checkbox.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true, cancelable: true }));
      await frames();
    });
    expect(checkbox.getAttribute('aria-checked')).toBe('true');
    expect(new FormData(form).get('weekly')).toBe('yes');

    await click(labelledBy!);
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
    expect(new FormData(form).has('weekly')).toBe(false);
  });

  it('shows the error it is given (conform gives one once the box is touched), wired to the box', async () => {
    const container = await render(<Checkbox label="I accept the terms" errors={['required']} />);
    const checkbox = box(container);
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    const described = checkbox
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['I accept the terms is required']);
  });
});
