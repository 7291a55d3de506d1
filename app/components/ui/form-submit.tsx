import type { ReactNode } from 'react';
import { useMessage } from '~/lib/i18n';
import { StatusButton, type ButtonVariant } from './button';

/**
 * The tail of every form: the status or error area (what is happening while it is sent, and
 * why it was refused; a live region, so both are announced) and the submit button showing the
 * same pending state. `children` sit between the two (a way out of a refused form).
 *
 * The area takes no room until it has something to say: an empty line kept above every submit
 * button read as a hole. It grows only after a send, when nothing is under the pointer to miss.
 */
export function FormSubmit({
  statusId,
  pending,
  pendingText,
  submitText,
  errors,
  values,
  variant = 'primary',
  children,
}: {
  /** The form points `aria-describedby` here. */
  statusId: string;
  pending: boolean;
  pendingText: string;
  submitText: string;
  /** Translation keys, or the API's own sentences. */
  errors?: string[] | undefined;
  values?: Record<string, string | number>;
  /** `danger` for a form that removes something for good. */
  variant?: ButtonVariant;
  children?: ReactNode;
}) {
  const message = useMessage();
  return (
    <div className="flex flex-col">
      <div id={statusId} className="text-sm">
        <p role="status" className="text-fg-muted">
          {pending ? <span className="mb-3 block">{pendingText}</span> : null}
        </p>
        <div role="alert">
          {!pending && errors?.length ? (
            <ul className="mb-4 flex flex-col gap-1 rounded-md bg-danger-soft px-3 py-2 text-danger-fg ring-1 ring-danger/30 ring-inset">
              {errors.map((error) => (
                <li key={error}>{message(error, values)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {children ? <div className="mb-4 text-sm">{children}</div> : null}
      <StatusButton pending={pending} size="lg" variant={variant}>
        {submitText}
      </StatusButton>
    </div>
  );
}
