import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '~/lib/validation';
import { usePointerSettled } from '~/lib/pointer-settled';

/** The frame of every text-like control (input, textarea, select button), one look for all. */
// A read-only field shows a value to read or copy (the Mautic client id): no raised, white box
// that invites typing, yet still focusable and selectable, unlike a disabled one.
export const controlClass =
  'w-full rounded-md border bg-surface px-3 py-2 text-base text-fg shadow-xs transition-colors outline-none placeholder:text-fg-subtle focus-visible:border-focus focus-visible:ring-2 focus-visible:ring-focus/30 disabled:cursor-not-allowed disabled:bg-muted disabled:text-fg-muted [&[readonly]]:border-line [&[readonly]]:bg-muted [&[readonly]]:shadow-none sm:text-sm sm:leading-6';

export const controlBorder = (invalid: boolean) => (invalid ? 'border-danger' : 'border-line-strong');

export const labelClass = 'text-sm font-medium text-fg';
export const hintClass = 'text-sm text-fg-muted';

/**
 * A labelled input with its error list wired for assistive technology once, here:
 * routes spread conform's `getInputProps(...)` into `inputProps` and pass `field.errors`.
 */
interface FieldProps {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id?: string; key?: string | null };
  errors?: string[] | undefined;
  /** Shown under the input and announced with it. */
  hint?: ReactNode;
  /** Rendered inside the input's frame, after the input (the password toggle). */
  adornment?: ReactNode;
  /** Rendered inside the input's frame, before the input (the search glass). */
  leading?: ReactNode;
  /** Shows the error at once, untouched (a sample in the design library). */
  showErrors?: boolean;
}

/**
 * Which error a field shows: the first of conform's, which has them only for a touched field
 * (left, typed in, or sent: docs/product.md#validation; `useAppForm`). No line is kept for it
 * beforehand; one appearing on blur waits for the click that caused the blur to land
 * (`usePointerSettled`), so nothing moves under a pointer. `showAtOnce` shows it at once, pointer
 * or not (a sample in the design library).
 */
export function useShownError(errors: string[] | undefined, showAtOnce = false) {
  const settled = usePointerSettled(errors?.[0]);
  return { error: showAtOnce ? errors?.[0] : settled };
}

export function Field({ label, inputProps, errors, hint, adornment, leading, showErrors = false }: FieldProps) {
  const fallbackId = useId();
  const { key: _key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const { error } = useShownError(errors, showErrors);
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        {leading}
        <input
          // conform changes the key when the form is reset, so the field shows its new first value.
          key={_key}
          {...props}
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass} ${controlBorder(!!errorId)} ${adornment ? 'pr-20' : ''} ${leading ? 'pl-9' : ''} ${props.className ?? ''}`}
        />
        {adornment}
      </div>
      {hint ? (
        <div id={hintId} className={hintClass}>
          {hint}
        </div>
      ) : null}
      <ErrorList id={errorId} errors={error ? [error] : undefined} field={label} />
    </div>
  );
}

/** A field's errors: contract rule codes worded with the field's label, or the API's sentences. */
export function ErrorList({
  id,
  errors,
  field,
}: {
  id?: string | undefined;
  errors?: string[] | undefined;
  field: string;
}) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="flex flex-col gap-0.5 text-sm text-danger-fg">
      {errors.map((error) => {
        const message = fieldErrorMessage(error);
        return (
          <li key={error} className="flex items-start gap-1.5">
            <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                clipRule="evenodd"
              />
            </svg>
            <span>{'key' in message ? t(message.key, { field, ...message.values }) : message.text}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A Field whose value can be shown or hidden with a toggle button. */
export function PasswordField(props: Omit<FieldProps, 'adornment'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      inputProps={{ ...props.inputProps, type: visible ? 'text' : 'password' }}
      adornment={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={t(visible ? 'form.hidePassword' : 'form.showPassword')}
          className="focus-ring absolute inset-y-1 right-1 rounded px-2 text-sm font-semibold text-link hover:bg-muted"
        >
          {t(visible ? 'form.hide' : 'form.show')}
        </button>
      }
    />
  );
}
