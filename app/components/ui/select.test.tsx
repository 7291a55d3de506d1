// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { Select } from './select';

const SENTIMENTS = [
  { value: 'POSITIVE', label: 'Positive' },
  { value: 'MIXED', label: 'Mixed' },
  { value: 'NEGATIVE', label: 'Negative' },
  { value: 'NEUTRAL', label: 'Neutral' },
  { value: 'UNCLASSIFIED', label: 'Unclassified' },
];

async function press(target: Element | null | undefined, key: string) {
  if (!target) throw new Error(`nothing to press ${key} on`);
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
  });
}

/** The select in a form, as conform would have it; the form is what the tests read. */
async function renderInForm(element: React.ReactNode) {
  const container = await render(<form>{element}</form>);
  const form = container.querySelector('form')!;
  const button = () => container.querySelector<HTMLButtonElement>('button[aria-haspopup="listbox"]')!;
  const listbox = () => document.querySelector('[role="listbox"]');
  return { container, form, button, listbox };
}

describe('Select', () => {
  it('is named by its label and shows the placeholder while nothing is chosen, sending nothing', async () => {
    const { container, form, button } = await renderInForm(
      <Select label="Proposed sentiment" name="sentiment" options={SENTIMENTS} />,
    );
    const labelledBy = button().getAttribute('aria-labelledby')!.split(' ');
    const label = container.querySelector('label')!;
    expect(labelledBy).toContain(label.id);
    expect(label.textContent).toBe('Proposed sentiment');
    expect(button().textContent).toBe('Choose…');
    expect(new FormData(form).has('sentiment')).toBe(false);
  });

  it('is chosen by keyboard, and the choice goes with the form, announced with an input event', async () => {
    const onChange = vi.fn();
    const { form, button, listbox } = await renderInForm(
      <Select label="Proposed sentiment" name="sentiment" options={SENTIMENTS} onChange={onChange} />,
    );
    const inputs: string[] = [];
    form.addEventListener('input', (event) => inputs.push((event.target as HTMLInputElement).name));

    act(() => button().focus());
    await press(button(), 'ArrowDown');
    await vi.waitFor(() => expect(listbox()).not.toBeNull());
    // Opened on the first option; two steps down is Negative.
    await press(listbox(), 'ArrowDown');
    await press(listbox(), 'ArrowDown');
    await vi.waitFor(() =>
      expect(document.getElementById(listbox()!.getAttribute('aria-activedescendant')!)?.textContent).toBe('Negative'),
    );
    await press(listbox(), 'Enter');

    await vi.waitFor(() => expect(listbox()).toBeNull());
    expect(button().textContent).toBe('Negative');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('NEGATIVE');
    expect(new FormData(form).get('sentiment')).toBe('NEGATIVE');
    expect(inputs).toEqual(['sentiment']);
    await vi.waitFor(() => expect(document.activeElement).toBe(button()));
  });

  it('starts from its default value and marks the chosen option as selected', async () => {
    const { form, button, listbox } = await renderInForm(
      <Select label="Proposed sentiment" name="sentiment" options={SENTIMENTS} defaultValue="MIXED" />,
    );
    expect(button().textContent).toBe('Mixed');
    expect(new FormData(form).get('sentiment')).toBe('MIXED');
    // Space opens it (Enter, as in a text field, sends the form).
    await press(button(), ' ');
    await vi.waitFor(() => expect(listbox()).not.toBeNull());
    const selected = [...listbox()!.querySelectorAll('[role="option"][aria-selected="true"]')];
    expect(selected.map((option) => option.textContent)).toEqual(['Mixed']);
  });

  it('sends nothing while disabled, and cannot be opened', async () => {
    const { form, button } = await renderInForm(
      <Select label="Proposed sentiment" name="sentiment" options={SENTIMENTS} defaultValue="NEUTRAL" disabled />,
    );
    expect(button().disabled).toBe(true);
    expect(new FormData(form).has('sentiment')).toBe(false);
  });

  it('shows the error it is given (conform gives one once the field is touched), wired to the button', async () => {
    const untouched = await renderInForm(<Select label="Proposed sentiment" name="sentiment" options={SENTIMENTS} />);
    expect(untouched.container.textContent).not.toContain('is required');
    expect(untouched.button().getAttribute('aria-invalid')).toBeNull();

    const shown = await renderInForm(
      <Select
        label="Proposed sentiment"
        options={SENTIMENTS}
        errors={['required']}
        hint="Replaces the analysis."
        showErrors
      />,
    );
    const button = shown.button();
    expect(button.getAttribute('aria-invalid')).toBe('true');
    const described = button
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Replaces the analysis.', 'Proposed sentiment is required']);
  });
});
