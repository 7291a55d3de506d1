import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form, type FormProps } from '@remix-run/react';
import { createContext, useContext, useState } from 'react';

const SubmitAttempted = createContext(false);

/** The name of the button conform submits with to validate one field (@conform-to/dom). */
const CONFORM_INTENT = '__intent__';

/**
 * The one form element: Remix's `<Form>` with conform's props, and the memory of whether the
 * user has tried to send it. Until then a field shows its error only once the user has typed
 * in it and left it (`Field`), so focus merely passing through a field accuses nobody.
 */
export function AppForm<Schema extends Record<string, unknown>>({
  form,
  children,
  ...props
}: Omit<FormProps, 'id' | 'onSubmit' | 'noValidate'> & { form: FormMetadata<Schema, string[]> }) {
  const [attempted, setAttempted] = useState(false);
  return (
    <Form
      method="post"
      {...props}
      {...getFormProps(form)}
      onSubmitCapture={(event) => {
        // conform checks a field by submitting with an intent button; only a real send counts.
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.name !== CONFORM_INTENT) setAttempted(true);
      }}
    >
      <SubmitAttempted.Provider value={attempted}>{children}</SubmitAttempted.Provider>
    </Form>
  );
}

/** Whether the enclosing form has been submitted at least once. */
export const useSubmitAttempted = () => useContext(SubmitAttempted);
