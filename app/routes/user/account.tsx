import { redirect } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { PageHeader } from '~/components/ui/page-header';
import {
  cancelEmailChange,
  changePassword,
  deleteAccount,
  requestEmailChange,
  signOutEverywhere,
  updateProfile,
} from '~/features/auth/account-api';
import {
  CancelEmailChangeSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  EmailChangeSchema,
  ProfileSchema,
  SignOutEverywhereSchema,
} from '~/features/auth/account-schemas';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { parseForm, replyWithApiError } from '~/lib/forms';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { snackbar } from '~/lib/snackbar';
import { ProfileCard } from '~/features/auth/account/profile-card';
import { PreferencesCard } from '~/features/auth/account/preferences-card';
import { EmailCard } from '~/features/auth/account/email-card';
import { PasswordCard } from '~/features/auth/account/password-card';
import { SessionsCard } from '~/features/auth/account/sessions-card';
import { DeleteCard } from '~/features/auth/account/delete-card';
import type { AccountAnswer } from '~/features/auth/account/answers';

/**
 * The user's account: the names, the language and theme (applied at once and kept, through
 * /preferences as the header's switchers do), the email address (with the password; it changes
 * when the link mailed to the new one is opened), a new password, signing out everywhere, and
 * deleting the account, each a card of its own in app/features/auth/account/. One action serves
 * the page's forms; each says which it is (`intent`) and reads only its own result. While an
 * admin acts as the user, the API refuses the address, the password, the sessions and the
 * deletion (403), and the page says so instead of offering them.
 */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  return null;
}

/** The API refuses these while an admin acts as the user. */
const NOT_WHILE_IMPERSONATING = { 403: 'account.impersonating.refused' };

export async function clientAction({ request }: { request: Request }): Promise<AccountAnswer> {
  await requireUser(request);
  const intent = (await request.clone().formData()).get('intent');
  if (intent === 'everywhere') {
    const submission = await parseForm(request, SignOutEverywhereSchema);
    try {
      await signOutEverywhere();
    } catch (error) {
      return { intent, result: replyWithApiError(request, submission, error, NOT_WHILE_IMPERSONATING) };
    }
    snackbar.show('account.sessions.done', 'success');
    throw redirect(paths.login());
  }
  if (intent === 'email') {
    const submission = await parseForm(request, EmailChangeSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() };
    try {
      await requestEmailChange(submission.value);
    } catch (error) {
      return { intent, result: replyWithApiError(request, submission, error, NOT_WHILE_IMPERSONATING) };
    }
    snackbar.show('account.email.sent', 'success', { values: { email: submission.value.email } });
    // The form empties (the password must not linger); the address waiting shows above it.
    return { intent, result: submission.reply({ resetForm: true }) };
  }
  if (intent === 'cancelEmail') {
    const submission = await parseForm(request, CancelEmailChangeSchema);
    try {
      await cancelEmailChange();
    } catch (error) {
      return { intent, result: replyWithApiError(request, submission, error, NOT_WHILE_IMPERSONATING) };
    }
    snackbar.show('account.email.cancelled', 'success');
    return { intent, result: submission.reply() };
  }
  if (intent === 'password') {
    const submission = await parseForm(request, ChangePasswordSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() };
    try {
      await changePassword(submission.value);
    } catch (error) {
      return { intent, result: replyWithApiError(request, submission, error, NOT_WHILE_IMPERSONATING) };
    }
    snackbar.show('account.password.changed', 'success');
    return { intent, result: submission.reply({ resetForm: true }) };
  }
  if (intent === 'delete') {
    const submission = await parseForm(request, DeleteAccountSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() };
    try {
      await deleteAccount(submission.value.password);
    } catch (error) {
      return { intent, result: replyWithApiError(request, submission, error, NOT_WHILE_IMPERSONATING) };
    }
    snackbar.show('account.delete.done', 'success');
    throw redirect(paths.login());
  }
  const submission = await parseForm(request, ProfileSchema);
  if (submission.status !== 'success') return { intent: 'profile' as const, result: submission.reply() };
  let saved;
  try {
    const { intent: _, ...profile } = submission.value;
    saved = await updateProfile(profile);
  } catch (error) {
    return { intent: 'profile' as const, result: replyWithApiError(request, submission, error) };
  }
  snackbar.show('account.profile.saved', 'success');
  // The fields show the names as kept (trimmed), not as typed. The answer carries them: it
  // reaches the page before the root loader's user is read again.
  return {
    intent: 'profile' as const,
    result: submission.reply({ resetForm: true }),
    savedNames: { firstName: saved.firstName, lastName: saved.lastName },
  };
}

export default function AccountRoute() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <ProfileCard />
      <PreferencesCard />
      {user.impersonatedBy ? (
        <Alert tone="warning" title={t('account.impersonating.title')}>
          {t('account.impersonating.text', { name: `${user.firstName} ${user.lastName}` })}
        </Alert>
      ) : (
        <>
          <EmailCard />
          <PasswordCard />
          <SessionsCard />
          <DeleteCard />
        </>
      )}
    </div>
  );
}

export function meta() {
  return pageTitle('account.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
