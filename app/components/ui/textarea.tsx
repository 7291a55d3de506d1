import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, controlBorder, controlClass, hintClass, labelClass, useShownError } from './field';

interface TextAreaProps {
  label: string;
  /** Spread onto the textarea: conform's `getTextareaProps(...)`, or `value` + `onChange`. */
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id?: string; key?: string | null };
  errors?: string[] | undefined;
  hint?: ReactNode;
  /** Shows "12 / 500" under the textarea; the limit is `textareaProps.maxLength`. */
  counter?: boolean | undefined;
  /** Shows `errors` at once instead of after typing or a send (the design library's error state). */
  showErrors?: boolean | undefined;
}

/** How close to the limit the count starts being read out: the last tenth, at least ten characters. */
export const nearLimit = (length: number, max: number) => max - length <= Math.max(10, Math.ceil(max / 10));

/**
 * `Field`, for text that runs to several lines (a reply to a comment, a note). With `counter`
 * the length shows against the limit; a screen reader hears the limit with the field and the
 * count only near the limit, not at every keystroke.
 */
export function TextArea({ label, textareaProps, errors, hint, counter = false, showErrors = false }: TextAreaProps) {
  const { t } = useTranslation();
  const fallbackId = useId();
  const { key: _key, ...props } = textareaProps;
  const id = props.id ?? fallbackId;
  const { error: shown } = useShownError(errors, showErrors);
  const [typedLength, setTypedLength] = useState(String(props.defaultValue ?? '').length);
  const length = props.value === undefined ? typedLength : String(props.value).length;
  const max = counter ? props.maxLength : undefined;
  const errorId = shown ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const limitId = max ? `${id}-limit` : undefined;
  const describedBy = [hintId, limitId, errorId].filter(Boolean).join(' ') || undefined;
  const near = max !== undefined && nearLimit(length, max);
  return (
    <div className="flex w-full flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        rows={4}
        {...props}
        id={id}
        onInput={(event) => {
          setTypedLength(event.currentTarget.value.length);
          props.onInput?.(event);
        }}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass} ${controlBorder(!!errorId)} block min-h-20 resize-y ${props.className ?? ''}`}
      />
      {hint || max ? (
        <div className="flex items-start justify-between gap-3">
          {hint ? (
            <div id={hintId} className={hintClass}>
              {hint}
            </div>
          ) : null}
          {max ? (
            <>
              <span
                aria-hidden="true"
                className={`ml-auto shrink-0 text-sm tabular-nums ${length > max ? 'text-danger-fg' : near ? 'text-warning-fg' : 'text-fg-muted'}`}
              >
                {t('ui.textarea.counter', { length, max })}
              </span>
              <span id={limitId} className="sr-only">
                {t('ui.textarea.limit', { max, count: max })}
              </span>
              <span className="sr-only" aria-live="polite">
                {near ? t('ui.textarea.count', { length, max }) : ''}
              </span>
            </>
          ) : null}
        </div>
      ) : null}
      <ErrorList id={errorId} errors={shown ? [shown] : undefined} field={label} />
    </div>
  );
}
