import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form, type FormProps } from '@remix-run/react';

/**
 * The one form element: Remix's `<Form>` with conform's props. A field shows its error once it is
 * touched (left, typed in, or the form sent): conform reports errors for those fields only
 * (`useAppForm`), and `Field` shows them.
 */
export function AppForm<Schema extends Record<string, unknown>>({
  form,
  children,
  ...props
}: Omit<FormProps, 'id' | 'onSubmit' | 'noValidate'> & { form: FormMetadata<Schema, string[]> }) {
  return (
    <Form method="post" {...props} {...getFormProps(form)}>
      {children}
    </Form>
  );
}
