import { Field as HeadlessField, Switch as HeadlessSwitch } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ChoiceText } from './choice-text';
import { useShownError } from './field';
import { FormValue, useControllable } from './form-value';

interface SwitchProps {
  label: string;
  /** Under the label, announced with the switch: what turning it on does. */
  description?: ReactNode;
  /** The form field it fills; on sends `value` ("on" by default), off sends nothing. */
  name?: string | undefined;
  value?: string | undefined;
  form?: string | undefined;
  id?: string | undefined;
  checked?: boolean | undefined;
  defaultChecked?: boolean | undefined;
  onChange?: ((checked: boolean) => void) | undefined;
  disabled?: boolean | undefined;
  errors?: string[] | undefined;
  /** Shows `errors` at once instead of after a toggle or a send (the design library's error state). */
  showErrors?: boolean | undefined;
}

/**
 * An on/off setting that takes effect as a whole (a Headless UI Switch: role "switch", Space
 * toggles it), with its label first and the switch at the end of the row, as settings read.
 */
export function Switch({
  label,
  description,
  name,
  value = 'on',
  form,
  id,
  checked,
  defaultChecked = false,
  onChange,
  disabled = false,
  errors,
  showErrors = false,
}: SwitchProps) {
  const [current, setCurrent] = useControllable(checked, defaultChecked, onChange);
  const { error: shown } = useShownError(errors, showErrors);
  return (
    <HeadlessField disabled={disabled} className="flex w-full items-start justify-between gap-4">
      <ChoiceText label={label} description={description} error={shown} />
      <HeadlessSwitch
        id={id}
        checked={current}
        onChange={(next) => {
          setCurrent(next);
        }}
        aria-invalid={shown ? true : undefined}
        className="group focus-ring inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-fg-subtle p-0.5 transition-colors data-[checked]:bg-primary data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
      >
        <span
          aria-hidden="true"
          className="size-5 rounded-full bg-surface shadow-sm transition-transform group-data-[checked]:translate-x-5 group-data-[checked]:bg-on-primary"
        />
      </HeadlessSwitch>
      <FormValue name={name} form={form} value={current ? value : undefined} disabled={disabled} />
    </HeadlessField>
  );
}
