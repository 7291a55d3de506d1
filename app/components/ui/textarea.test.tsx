// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '~/test/render';
import { nearLimit, TextArea } from './textarea';

/** Types `text` as the browser would: the value, then the input event React listens to. */
async function type(textarea: HTMLTextAreaElement, text: string) {
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setValue.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const counterOf = (container: HTMLElement) => container.querySelector('[aria-hidden="true"]')?.textContent;
const liveOf = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')?.textContent;

describe('nearLimit', () => {
  it('is the last tenth of the limit, and never fewer than ten characters', () => {
    expect(nearLimit(449, 500)).toBe(false);
    expect(nearLimit(450, 500)).toBe(true);
    expect(nearLimit(89, 100)).toBe(false);
    expect(nearLimit(90, 100)).toBe(true);
    expect(nearLimit(29, 40)).toBe(false);
    expect(nearLimit(30, 40)).toBe(true);
  });
});

describe('TextArea', () => {
  it('counts what is typed against the limit, read out only near it', async () => {
    const container = await render(
      <TextArea
        label="Reply"
        counter
        textareaProps={{ name: 'reply', maxLength: 500, defaultValue: 'Thanks a lot' }}
      />,
    );
    const textarea = container.querySelector('textarea')!;
    expect(counterOf(container)).toBe('12 / 500');
    expect(liveOf(container)).toBe('');
    const described = textarea
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Up to 500 characters']);

    await type(textarea, 'x'.repeat(449));
    expect(counterOf(container)).toBe('449 / 500');
    expect(liveOf(container)).toBe('');

    await type(textarea, 'x'.repeat(450));
    expect(counterOf(container)).toBe('450 / 500');
    expect(liveOf(container)).toBe('Characters used: 450 of 500');
  });

  it('counts the caller’s value when the caller holds it', async () => {
    const container = await render(
      <TextArea label="Reply" counter textareaProps={{ maxLength: 40, value: 'Grazie!', onChange: () => {} }} />,
    );
    expect(counterOf(container)).toBe('7 / 40');
  });

  it('shows no counter without one asked for, and keeps the label, hint and error wired', async () => {
    const container = await render(
      <TextArea
        label="Reply"
        hint="Posted publicly."
        errors={['required']}
        showErrors
        textareaProps={{ maxLength: 500 }}
      />,
    );
    const textarea = container.querySelector('textarea')!;
    expect(container.textContent).not.toContain('/ 500');
    expect(container.querySelector('label')?.htmlFor).toBe(textarea.id);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    const described = textarea
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Posted publicly.', 'Reply is required']);
  });
});
