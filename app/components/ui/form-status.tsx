import { useTranslation } from 'react-i18next';

/**
 * The status or error area under a form: what is happening while it is sent, and why it was
 * refused. A live region, so both are announced.
 */
export function FormStatus({
  id,
  pending,
  pendingText,
  errors,
  values,
}: {
  id: string;
  pending: boolean;
  pendingText: string;
  errors?: string[] | undefined;
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} className="min-h-6 text-sm">
      <p role="status" className="text-slate-700">
        {pending ? pendingText : ''}
      </p>
      <div role="alert">
        {!pending && errors?.length ? (
          <ul className="flex flex-col gap-1 rounded-md bg-red-50 px-3 py-2 text-red-800 ring-1 ring-red-200">
            {errors.map((error) => (
              <li key={error}>{t(error, { ...values, defaultValue: error })}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
