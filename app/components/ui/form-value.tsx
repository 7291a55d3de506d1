import { useEffect, useRef, useState } from 'react';

/**
 * What a Headless UI control (a button or a span: no form field of its own) sends with its
 * form: one hidden input. `undefined` sends nothing, as an unticked checkbox or an unanswered
 * radio group sends nothing (the input stays, disabled, so the form can still be told).
 *
 * When the value changes the input says so with an `input` event, as a typed-in field would:
 * conform revalidates a field on input once it has shown an error (app/lib/forms.ts), so
 * choosing an option after a failed send clears "is required" at once, not at the next send.
 * Headless UI's own hidden inputs change silently, which is why its `name` prop is not used.
 */
export function FormValue({
  name,
  value,
  form,
  disabled = false,
}: {
  name?: string | undefined;
  value: string | undefined;
  form?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const last = useRef(value);
  useEffect(() => {
    // A comparison, not a "first run" flag: Strict Mode runs effects twice on mount.
    if (last.current === value) return;
    last.current = value;
    input.current?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [value]);
  if (!name) return null;
  return (
    <input
      ref={input}
      type="hidden"
      name={name}
      form={form}
      value={value ?? ''}
      disabled={disabled || value === undefined}
    />
  );
}

/**
 * A control's value, owned by the caller (`value` with `onChange`) or by the control itself
 * (`defaultValue`, the way conform fills a form). `undefined` means "not owned by the caller";
 * a caller that owns an empty choice passes `null`.
 */
export function useControllable<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (value: T) => void,
): [T, (value: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const current = value === undefined ? own : value;
  const change = (next: T) => {
    setOwn(next);
    onChange?.(next);
  };
  return [current, change];
}
