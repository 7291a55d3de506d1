import { redirect, useFetcher } from '@remix-run/react';
import { useCallback } from 'react';
import { describeApiError, showApiError } from './api-errors';
import { HttpError } from './http';
import { paths } from './paths';
import { failureToSay } from './route-errors';

/**
 * The one way a button or a dialog changes data (docs/decisions/035-one-way-to-change-data.md):
 * it submits an `intent` to its route's clientAction through a fetcher (`useIntent`), and the
 * action runs the change with `handleIntents`. Remix then reads every loader on the page again,
 * so what the page shows is what the API now says. Forms use the same clientAction through
 * conform (`app/lib/forms.ts`).
 */

/**
 * The clientLoader of a route that only takes intents (logout, preferences, notifications,
 * impersonation: a fetcher posts to it): a browser that opens its address, by hand or from its
 * history, goes to the dashboard rather than to a blank page, since such a route draws nothing.
 */
export function actionsOnly(): never {
  throw redirect(paths.home());
}

/** What an intent's handler may answer besides success: a failure already said to the user. */
export interface IntentFailure {
  intent: string;
  ok: false;
  /** The HTTP status, or 0 when the request never reached the API. */
  status: number;
  /** The API's own words for the refusal, for a page that says it where it happened as well. */
  message?: string;
}

export interface IntentSuccess<Data = unknown> {
  intent: string;
  ok: true;
  data: Data;
}

export type IntentResult<Data = unknown> = IntentSuccess<Data> | IntentFailure;

/** One change: it reads its fields from the form and returns what the page may need. */
export type IntentHandler = (form: FormData) => Promise<unknown>;

/**
 * A clientAction's intents: runs the handler the form's `intent` names. A failure is handled one
 * way for every change: an ended session goes to sign-in and a 503 to the maintenance page (as a
 * loader's would), anything else is said in the snackbar, in the words `byStatus` gives for its
 * status when it names one, and answered `ok: false` so the component keeps what it shows.
 * An unknown intent is a bug in the page: it goes to the route's ErrorBoundary.
 */
export async function handleIntents(
  request: Request,
  handlers: Record<string, IntentHandler>,
  byStatus: Partial<Record<number, Parameters<typeof showApiError>[0]>> = {},
): Promise<IntentResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw new Response(`Unknown intent "${intent}"`, { status: 400 });
  try {
    return { intent, ok: true, data: (await handler(form)) ?? null };
  } catch (error) {
    const status = failed(request, error, byStatus);
    const message = error instanceof HttpError ? error.body?.message : undefined;
    return { intent, ok: false, status, ...(message ? { message } : {}) };
  }
}

/** Says a failure, or leaves the page for sign-in or maintenance; returns its status. */
function failed(
  request: Request,
  error: unknown,
  byStatus: Partial<Record<number, Parameters<typeof showApiError>[0]>>,
) {
  const failure = failureToSay(error, request);
  // Offline: the HTTP client has already said so in the snackbar.
  if (!failure) return 0;
  const said = byStatus[failure.status] ?? describeApiError(failure);
  if (said) showApiError(said, 'error');
  return failure.status;
}

/**
 * An intent that leaves the app for another site (a provider's consent page): a whole-page
 * navigation, begun here. Not `throw redirectDocument(url)`: React Router drops a fetcher
 * action's redirect when the page was read again while the action ran (a screen reads itself
 * again as channels arrive), and the click would then do nothing. The fetcher stays pending
 * while the page goes, so the button stays busy.
 */
export function leaveFor(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => {});
}

/**
 * The intent a request carries, read from a copy of its body: for a clientAction whose form
 * posts (conform's `parseForm`) share the route with intents from buttons.
 */
export async function intentOf(request: Request): Promise<string | null> {
  const value = (await request.clone().formData()).get('intent');
  return typeof value === 'string' ? value : null;
}

/**
 * A route's last action answer as its conform form takes it: `undefined` when the last answer
 * was an intent's (a button's), which is not the form's business.
 */
export function formAnswer<Answer extends object>(answer: Answer | IntentResult | undefined) {
  return answer === undefined || 'ok' in answer ? undefined : (answer as Exclude<Answer, IntentResult>);
}

/** A required text field of an intent's form (a missing one is a bug in the page). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  if (typeof value !== 'string' || value === '') throw new Response(`Missing field "${name}"`, { status: 400 });
  return value;
}

/**
 * A component's side of `handleIntents`: `submit(intent, fields)` posts to the route's
 * clientAction without navigating; `pending` is `intent` (and `fields.id`, when given, as
 * `intent:id`) while it runs, for that button's busy state; `result` is the last answer.
 */
export function useIntent<Data = unknown>(options: { action?: string } = {}) {
  const fetcher = useFetcher<IntentResult<Data>>();
  const { submit: submitForm } = fetcher;
  const submit = useCallback(
    (intent: string, fields: Record<string, string> = {}) =>
      submitForm({ intent, ...fields }, { method: 'post', ...(options.action ? { action: options.action } : {}) }),
    [submitForm, options.action],
  );
  const formData = fetcher.state === 'idle' ? undefined : fetcher.formData;
  const pendingIntent = formData ? String(formData.get('intent')) : null;
  const pendingId = formData?.get('id');
  const pending = pendingIntent && typeof pendingId === 'string' ? `${pendingIntent}:${pendingId}` : pendingIntent;
  return { submit, pending, result: fetcher.state === 'idle' ? fetcher.data : undefined, formData };
}
