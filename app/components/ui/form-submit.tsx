import type { ReactNode } from 'react';
import { useMessage } from '~/lib/i18n';
import { StatusButton } from './button';

/**
 * The tail of every form: the status or error area (what is happening while it is sent, and
 * why it was refused; a live region, so both are announced) and the submit button showing the
 * same pending state. `children` sit between the two (a way out of a refused form).
 */
export function FormSubmit({
  statusId,
  pending,
  pendingText,
  submitText,
  errors,
  values,
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
  children?: ReactNode;
}) {
  const message = useMessage();
  return (
    <>
      <div id={statusId} className="min-h-6 text-sm">
        <p role="status" className="text-slate-700">
          {pending ? pendingText : ''}
        </p>
        <div role="alert">
          {!pending && errors?.length ? (
            <ul className="flex flex-col gap-1 rounded-md bg-red-50 px-3 py-2 text-red-800 ring-1 ring-red-200">
              {errors.map((error) => (
                <li key={error}>{message(error, values)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {children}
      <StatusButton pending={pending}>{submitText}</StatusButton>
    </>
  );
}
