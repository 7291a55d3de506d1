import {
  Description,
  Field as HeadlessField,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, controlBorder, controlClass, hintClass, labelClass, useShownError } from './field';
import { FormValue, useControllable } from './form-value';
import { CheckIcon } from './icon';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The form field it fills (conform's `field.name`); without one it sends nothing. */
  name?: string | undefined;
  id?: string | undefined;
  form?: string | undefined;
  /** The caller's choice (`null`: none yet), with `onChange`; or `defaultValue` alone. */
  value?: string | null | undefined;
  defaultValue?: string | null | undefined;
  onChange?: ((value: string) => void) | undefined;
  /** Shown while nothing is chosen; "Choose…" unless the screen has better words. */
  placeholder?: string | undefined;
  hint?: ReactNode;
  errors?: string[] | undefined;
  /** Shows `errors` at once instead of after a choice or a send (the design library's error state). */
  showErrors?: boolean | undefined;
  disabled?: boolean | undefined;
}

/**
 * The select and listbox (a Headless UI Listbox): a button showing the chosen option, opening a
 * list to pick from by pointer, arrows, Enter or by typing the first letters. Label, hint and
 * error are wired as `Field` wires them, and the choice travels with the form in a hidden input.
 */
export function Select({
  label,
  options,
  name,
  id,
  form,
  value,
  defaultValue,
  onChange,
  placeholder,
  hint,
  errors,
  showErrors = false,
  disabled = false,
}: SelectProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useControllable<string | null>(value, defaultValue ?? null);
  const { error: shown } = useShownError(errors, showErrors);
  const selected = options.find((option) => option.value === current);
  return (
    <HeadlessField disabled={disabled} className="flex w-full flex-col gap-1.5">
      <Label className={labelClass}>{label}</Label>
      <Listbox
        value={current}
        onChange={(next: string | null) => {
          if (next === null) return;
          setCurrent(next);
          onChange?.(next);
        }}
        invalid={!!shown}
      >
        <ListboxButton
          id={id}
          aria-invalid={shown ? true : undefined}
          // Enter opens the list, as Space and the arrows do (WAI-ARIA's select-only combobox).
          // Headless UI sends the form on it, as a native select does: a half-made choice of the
          // form's other fields was saved by a key meant to open this one.
          onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.currentTarget.click();
          }}
          className={`${controlClass} ${controlBorder(!!shown)} flex items-center justify-between gap-2 text-left`}
        >
          <span className={`truncate ${selected ? '' : 'text-fg-subtle'}`}>
            {selected?.label ?? placeholder ?? t('ui.select.placeholder')}
          </span>
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-fg-muted" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M10.53 3.47a.75.75 0 0 0-1.06 0L6.22 6.72a.75.75 0 0 0 1.06 1.06L10 5.06l2.72 2.72a.75.75 0 1 0 1.06-1.06l-3.25-3.25Zm-4.31 9.81 3.25 3.25a.75.75 0 0 0 1.06 0l3.25-3.25a.75.75 0 1 0-1.06-1.06L10 14.94l-2.72-2.72a.75.75 0 0 0-1.06 1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 w-(--button-width) min-w-40 rounded-md border border-line bg-raised py-1 shadow-md outline-none [--anchor-gap:4px] [--anchor-padding:8px]"
        >
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              className="group flex cursor-default items-center gap-2 px-3 py-2 text-sm text-fg select-none data-[disabled]:text-fg-muted data-[focus]:bg-muted"
            >
              <CheckIcon className="invisible size-4 shrink-0 text-primary group-data-[selected]:visible" />
              <span className="truncate group-data-[selected]:font-semibold">{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FormValue name={name} form={form} value={selected?.value} disabled={disabled} />
      {hint ? (
        <Description as="div" className={hintClass}>
          {hint}
        </Description>
      ) : null}
      {shown ? (
        <Description as="div">
          <ErrorList errors={[shown]} field={label} />
        </Description>
      ) : null}
    </HeadlessField>
  );
}
