import { Checkbox as HeadlessCheckbox, Field as HeadlessField } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ChoiceText } from './choice-text';
import { useShownError } from './field';
import { FormValue, useControllable } from './form-value';

interface CheckboxControlProps {
  /** The form field it fills; a ticked box sends `value` ("on" by default), an unticked one nothing. */
  name?: string | undefined;
  value?: string | undefined;
  form?: string | undefined;
  id?: string | undefined;
  checked?: boolean | undefined;
  defaultChecked?: boolean | undefined;
  onChange?: ((checked: boolean) => void) | undefined;
  /** Some but not all of what it stands for are ticked (a table's select-all): a dash, "mixed". */
  indeterminate?: boolean | undefined;
  disabled?: boolean | undefined;
  invalid?: boolean | undefined;
  /** Its name when no label is beside it (a table row's checkbox: "Select Mario Rossi"). */
  'aria-label'?: string | undefined;
}

/**
 * The box alone (a Headless UI Checkbox): for a place that names it with `aria-label`, such as
 * a table's select-all and row checkboxes. Inside `Checkbox` it takes that one's label instead.
 */
export function CheckboxControl({
  name,
  value = 'on',
  form,
  id,
  checked,
  defaultChecked = false,
  onChange,
  indeterminate = false,
  disabled,
  invalid = false,
  'aria-label': ariaLabel,
}: CheckboxControlProps) {
  const [current, setCurrent] = useControllable(checked, defaultChecked, onChange);
  return (
    <>
      <HeadlessCheckbox
        id={id}
        checked={current}
        onChange={setCurrent}
        indeterminate={indeterminate}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        className={`group focus-ring inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded border bg-surface text-on-primary shadow-xs transition-colors data-[checked]:border-primary data-[checked]:bg-primary data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[indeterminate]:border-primary data-[indeterminate]:bg-primary ${invalid ? 'border-danger' : 'border-line-strong'}`}
      >
        {/* A dash wins over the tick: "mixed" is what the box says while some are ticked. */}
        <svg viewBox="0 0 16 16" fill="none" className="size-3" aria-hidden="true">
          <path
            d="M3.5 8.5 6.5 11.5 12.5 4.5"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="hidden group-data-[checked]:block group-data-[indeterminate]:hidden"
          />
          <path
            d="M4 8h8"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            className="hidden group-data-[indeterminate]:block"
          />
        </svg>
      </HeadlessCheckbox>
      <FormValue name={name} form={form} value={current ? value : undefined} disabled={disabled} />
    </>
  );
}

interface CheckboxProps extends Omit<CheckboxControlProps, 'aria-label' | 'invalid'> {
  label: string;
  /** Under the label, announced with the box. */
  description?: ReactNode;
  errors?: string[] | undefined;
  /** Shows `errors` at once instead of after a tick or a send (the design library's error state). */
  showErrors?: boolean | undefined;
}

/**
 * A checkbox with its label (a click on the label ticks it) and an optional description; its
 * error is wired as `Field` wires one: shown once conform has checked it (the form was sent).
 */
export function Checkbox({ label, description, errors, showErrors = false, ...control }: CheckboxProps) {
  const { error: shown } = useShownError(errors, showErrors);
  return (
    <HeadlessField disabled={control.disabled} className="flex w-full items-start gap-3">
      <span className="flex h-5 items-center">
        <CheckboxControl {...control} invalid={!!shown} />
      </span>
      <ChoiceText label={label} description={description} error={shown} />
    </HeadlessField>
  );
}
