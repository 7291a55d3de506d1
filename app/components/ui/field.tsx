import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '~/lib/validation';
import { useSubmitAttempted } from './app-form';

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
}

export function Field({ label, inputProps, errors, hint, adornment }: FieldProps) {
  const fallbackId = useId();
  const { key: _key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  // An error is shown once the user typed here (it appears when they leave), or tried to send.
  const [typed, setTyped] = useState(false);
  const attempted = useSubmitAttempted();
  const shown = typed || attempted ? errors : undefined;
  const errorId = shown?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          {...props}
          id={id}
          onInput={(event) => {
            setTyped(true);
            props.onInput?.(event);
          }}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={`w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
            errorId ? 'border-red-700' : 'border-slate-400'
          } ${adornment ? 'pr-20' : ''}`}
        />
        {adornment}
      </div>
      {hint ? (
        <div id={hintId} className="text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {/* One line is always kept for the first error: an error appearing on blur must not move
          the button the user is clicking (a blur-then-shift would swallow the click). */}
      <div className="min-h-5">
        <ErrorList id={errorId} errors={shown?.slice(0, 1)} field={label} />
      </div>
    </div>
  );
}

/** A field's errors: contract rule codes worded with the field's label, or the API's sentences. */
export function ErrorList({ id, errors, field }: { id?: string; errors?: string[] | undefined; field: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="flex flex-col gap-0.5 text-sm text-red-700">
      {errors.map((error) => {
        const message = fieldErrorMessage(error);
        return <li key={error}>{'key' in message ? t(message.key, { field, ...message.values }) : message.text}</li>;
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
          className="absolute inset-y-1 right-1 rounded px-2 text-sm font-medium text-brand-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          {t(visible ? 'form.hide' : 'form.show')}
        </button>
      }
    />
  );
}
