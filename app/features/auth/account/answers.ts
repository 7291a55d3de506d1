import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useNavigation } from '@remix-run/react';

/** The account page's forms, each named by the `intent` it sends (app/routes/user/account.tsx). */
export type AccountIntent = 'profile' | 'email' | 'cancelEmail' | 'password' | 'delete' | 'everywhere';

/** What the account page's action answers: which form it was, and that form's result. */
export type AccountAnswer = {
  intent: AccountIntent;
  result: SubmissionResult<string[]>;
  /** The names as the API kept them (trimmed), once the profile is saved. */
  savedNames?: { firstName: string; lastName: string };
};

/** Which of the page's forms is being sent now. */
export function usePendingIntent(): AccountIntent | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod !== 'POST') return null;
  const intent = navigation.formData?.get('intent');
  return typeof intent === 'string' ? (intent as AccountIntent) : null;
}

/** The action's answer, for the form that sent it only. */
export function useAnswerOf(intent: AccountIntent): AccountAnswer | undefined {
  const data = useActionData<AccountAnswer | undefined>();
  return data?.intent === intent ? data : undefined;
}

/** The action's result, for the form that sent it only. */
export function useResultOf(intent: AccountIntent) {
  return useAnswerOf(intent)?.result;
}
