import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, controlBorder, controlClass, hintClass, labelClass, useShownError } from './field';
import { useControllable } from './form-value';
import { CloseIcon } from './icon';

interface SearchFieldProps {
  label: string;
  /** Keeps the label for assistive technology only, where the screen already says what is searched. */
  hideLabel?: boolean | undefined;
  name?: string | undefined;
  id?: string | undefined;
  form?: string | undefined;
  /** The caller's text, with `onChange` (a list filtered as one types: wait for the typing to rest, useDebouncedSearch). */
  value?: string | undefined;
  defaultValue?: string | undefined;
  onChange?: ((value: string) => void) | undefined;
  placeholder?: string | undefined;
  /** The longest search the API takes: what is typed or pasted past it is cut. */
  maxLength?: number | undefined;
  hint?: ReactNode;
  errors?: string[] | undefined;
  /** Shows `errors` at once instead of after typing or a send (the design library's error state). */
  showErrors?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Makes it the page's search landmark (`role="search"`), for the one search of a list page. */
  landmark?: boolean | undefined;
}

/**
 * A search box: a magnifier before the text, and a button clearing it once there is text (the
 * browser's own clear cross is hidden so there is one, the same in every browser). Escape clears
 * it too, as the browser does for any search input.
 */
export function SearchField({
  label,
  hideLabel = false,
  name,
  id: givenId,
  form,
  value,
  defaultValue = '',
  onChange,
  placeholder,
  maxLength,
  hint,
  errors,
  showErrors = false,
  disabled = false,
  landmark = false,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useControllable(value, defaultValue, onChange);
  const { error: shown } = useShownError(errors, showErrors);
  const errorId = shown ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div role={landmark ? 'search' : undefined} className="flex w-full flex-col gap-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z"
            clipRule="evenodd"
          />
        </svg>
        <input
          ref={input}
          type="search"
          id={id}
          name={name}
          maxLength={maxLength}
          form={form}
          value={current}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass} ${controlBorder(!!errorId)} pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none`}
        />
        {current && !disabled ? (
          <button
            type="button"
            onClick={() => {
              setCurrent('');
              // The button goes with the text; focus goes back where the next search is typed.
              input.current?.focus();
            }}
            aria-label={t('ui.search.clear')}
            className="focus-ring absolute inset-y-1 right-1 flex items-center rounded px-2 text-fg-muted hover:bg-muted hover:text-fg"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {hint ? (
        <div id={hintId} className={hintClass}>
          {hint}
        </div>
      ) : null}
      <ErrorList id={errorId} errors={shown ? [shown] : undefined} field={label} />
    </div>
  );
}
