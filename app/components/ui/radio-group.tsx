import { Description, Field as HeadlessField, Label, Radio, RadioGroup as HeadlessRadioGroup } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ErrorList, hintClass, labelClass, useShownError } from './field';
import { FormValue, useControllable } from './form-value';

export interface RadioOption {
  value: string;
  label: string;
  /** Under the option's label, announced with it. */
  description?: string | undefined;
  disabled?: boolean | undefined;
}

interface RadioGroupProps {
  /** Names the group, as a fieldset's legend would. */
  label: string;
  options: readonly RadioOption[];
  /** `stacked`: a column of radios; `cards`: each option a bordered card, all of it clickable. */
  variant?: 'stacked' | 'cards';
  name?: string | undefined;
  form?: string | undefined;
  id?: string | undefined;
  /** The caller's choice (`null`: none yet), with `onChange`; or `defaultValue` alone. */
  value?: string | null | undefined;
  defaultValue?: string | null | undefined;
  onChange?: ((value: string) => void) | undefined;
  hint?: ReactNode;
  errors?: string[] | undefined;
  /** Shows `errors` at once instead of after a choice or a send (the design library's error state). */
  showErrors?: boolean | undefined;
  disabled?: boolean | undefined;
}

/**
 * One choice out of a few, all in sight (a Headless UI RadioGroup: arrows move and choose, Tab
 * leaves the group). Past five or six options, or when room is short, a `Select` reads better.
 */
export function RadioGroup({
  label,
  options,
  variant = 'stacked',
  name,
  form,
  id,
  value,
  defaultValue,
  onChange,
  hint,
  errors,
  showErrors = false,
  disabled = false,
}: RadioGroupProps) {
  const [current, setCurrent] = useControllable<string | null>(value, defaultValue ?? null);
  const { error: shown } = useShownError(errors, showErrors);
  const cards = variant === 'cards';
  return (
    <HeadlessRadioGroup
      id={id}
      value={current}
      onChange={(next: string | null) => {
        if (next === null) return;
        setCurrent(next);
        onChange?.(next);
      }}
      disabled={disabled}
      aria-invalid={shown ? true : undefined}
      className="flex w-full flex-col gap-2"
    >
      <Label as="div" className={labelClass}>
        {label}
      </Label>
      {hint ? (
        <Description as="div" className={`${hintClass} -mt-1`}>
          {hint}
        </Description>
      ) : null}
      <div className={cards ? 'grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]' : 'flex flex-col gap-3'}>
        {options.map((option) => (
          <HeadlessField
            key={option.value}
            disabled={disabled || option.disabled}
            className={
              cards
                ? 'relative flex items-start gap-3 rounded-lg border border-line bg-surface p-4 shadow-xs transition-colors has-[[data-checked]]:border-primary has-[[data-checked]]:bg-primary-soft has-[[data-disabled]]:bg-muted has-[[data-disabled]]:shadow-none'
                : 'flex items-start gap-3'
            }
          >
            <span className="flex h-5 items-center">
              <Radio
                value={option.value}
                className={`group focus-ring flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border bg-surface transition-colors data-[checked]:border-primary data-[checked]:bg-primary data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 ${shown ? 'border-danger' : 'border-line-strong'}`}
              >
                <span className="invisible size-1.5 rounded-full bg-on-primary group-data-[checked]:visible" />
              </Radio>
            </span>
            <div className="flex min-w-0 flex-col gap-0.5">
              {/* On a card the label's box is stretched over the card, so a click anywhere chooses it. */}
              <Label
                className={`${labelClass} cursor-pointer data-[disabled]:cursor-not-allowed data-[disabled]:text-fg-muted ${cards ? 'after:absolute after:inset-0 after:rounded-lg' : ''}`}
              >
                {option.label}
              </Label>
              {option.description ? (
                <Description as="div" className={hintClass}>
                  {option.description}
                </Description>
              ) : null}
            </div>
          </HeadlessField>
        ))}
      </div>
      <FormValue name={name} form={form} value={current ?? undefined} disabled={disabled} />
      {shown ? (
        <Description as="div">
          <ErrorList errors={[shown]} field={label} />
        </Description>
      ) : null}
    </HeadlessRadioGroup>
  );
}
