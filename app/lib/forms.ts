import { useForm, type SubmissionResult } from '@conform-to/react';
import { useFormAction, useNavigation } from '@remix-run/react';
import { useLayoutEffect, useState } from 'react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod/mini';
import i18next from 'i18next';
import { drafts, draftValues } from './drafts';
import { planLimitRefusal } from './plan-limits';
import { failureToSay } from './route-errors';

/**
 * The one form pattern (docs/decisions/003-forms.md): a zod schema validates in the browser through
 * `useAppForm` and again in the route's clientAction through `parseForm`; API failures come
 * back into the same form through `replyWithApiError`.
 */

type ObjectSchema = z.ZodMiniObject;

export async function parseForm<Schema extends ObjectSchema>(request: Request, schema: Schema) {
  return parseWithZod(await request.formData(), { schema });
}

/** The part of a conform submission that replying needs. */
export interface Submission {
  payload: Record<string, unknown>;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * Turns an API failure into form errors: 422 field errors go to their fields (unknown fields
 * join the form errors), a plan's limit says which plan includes more, a status named in
 * `byStatus` shows that translation key, 429 shows
 * the server's own words, and anything else the generic message. An ended session and a 503
 * leave the form the way they leave a loader (`throwRouteError`: sign-in, maintenance), and
 * unknown exceptions rethrow to the route's ErrorBoundary.
 */
export function replyWithApiError(
  request: Request,
  submission: Submission,
  error: unknown,
  byStatus: Partial<Record<number, string>> = {},
): SubmissionResult<string[]> {
  const failure = failureToSay(error, request);
  // Offline: the HTTP client has already said so in the snackbar. The form says what it means for
  // this form (an error, so a dialog stays open and a draft is kept) and keeps what was typed.
  if (!failure) return submission.reply({ formErrors: ['errors.notAnswered'] });
  // A plan's limit: the app's sentence, naming the plan that includes more (decision 031).
  const limit = planLimitRefusal(failure);
  if (limit) return submission.reply({ formErrors: [String(i18next.t(limit.key, limit.values as never))] });
  const known = byStatus[failure.status];
  if (known) return submission.reply({ formErrors: [known] });
  if (failure.status === 422) {
    const fieldNames = new Set(Object.keys(submission.payload));
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const [name, list] of Object.entries(failure.fieldErrors)) {
      if (fieldNames.has(name)) fieldErrors[name] = list;
      else formErrors.push(...list);
    }
    if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(failure.message);
    return submission.reply({ fieldErrors, formErrors });
  }
  if (failure.status === 429 && failure.body?.message) return submission.reply({ formErrors: [failure.body.message] });
  return submission.reply({ formErrors: ['errors.generic'] });
}

/**
 * conform's `useForm` with the project's settings (docs/product.md#validation): errors appear once
 * a field is touched, that is left (blur, by Tab or a click, typed in or not), and follow typing
 * from then on; an invalid submit marks every field and sends nothing. conform keeps errors for
 * the fields so touched only, and `Field` shows what it keeps.
 */
export function useAppForm<Schema extends ObjectSchema>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<z.input<Schema>>;
    /**
     * Keeps what was typed in these text fields when the form closes unsent, under `key` (the
     * form and its item), and opens with it next time (app/lib/drafts.ts). Never a password.
     */
    draft?: { key: string; fields: ReadonlyArray<keyof z.input<Schema> & string> };
  },
) {
  const { draft } = options;
  // Read as the form is made: what it opens with stays, whatever is kept later.
  const [restored] = useState(() => (draft ? drafts.read(draft.key) : undefined));
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: { ...options.defaultValue, ...restored } as Parameters<
      typeof useForm<z.input<Schema>>
    >[0]['defaultValue'],
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: draft ? () => drafts.sending(draft.key) : undefined,
  });
  const draftKey = draft?.key;
  const draftFields = draft?.fields.join(',');
  const initial = options.defaultValue as Record<string, unknown> | undefined;
  useLayoutEffect(() => {
    if (!draftKey || !draftFields) return;
    const element = document.getElementById(form.id);
    const names = draftFields.split(',');
    // The form's first values are what "nothing typed" means: read once, as the form is made.
    const untouched = Object.fromEntries(names.map((name) => [name, String(initial?.[name] ?? '')]));
    // A draft given back is written on from its end, where the person left it.
    if (restored && element instanceof HTMLFormElement) {
      for (const name of names) {
        const field = element.elements.namedItem(name);
        if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) {
          field.setSelectionRange(field.value.length, field.value.length);
        }
      }
    }
    // As the form goes (its dialog closed, or the page left), its fields still hold what was typed.
    return () => {
      if (element instanceof HTMLFormElement) drafts.keep(draftKey, draftValues(element, names), untouched);
    };
  }, [draftKey, draftFields, form.id]);
  return [form, fields] as const;
}

/** Whether the form posting to this route (or to `formAction`) is being submitted now. */
export function useIsPending({ formAction }: { formAction?: string } = {}) {
  const navigation = useNavigation();
  const currentAction = useFormAction();
  return (
    navigation.state !== 'idle' &&
    navigation.formMethod === 'POST' &&
    navigation.formAction === (formAction ?? currentAction)
  );
}
