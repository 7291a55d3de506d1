import { getInputProps } from '@conform-to/react';
import { redirect, useActionData, useFetcher, useNavigation, useRouteLoaderData, useSubmit } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog, FormDialog } from '~/components/ui/dialog';
import { Field, PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { PageHeader } from '~/components/ui/page-header';
import { RadioGroup } from '~/components/ui/radio-group';
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
import { NameAndEmailFields } from '~/features/auth/name-and-email-fields';
import { PasswordRequirements } from '~/features/auth/password-requirements';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { env } from '~/lib/env';
import { parseForm, replyWithApiError, useAppForm } from '~/lib/forms';
import { pageTitle, pickLanguage, useMessage } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { snackbar } from '~/lib/snackbar';
import { THEMES, type Theme } from '~/lib/theme';

/**
 * The user's account: the names, the language and theme (applied at once and kept, through
 * /preferences as the header's switchers do), the email address (with the password; it changes
 * when the link mailed to the new one is opened), a new password, signing out everywhere, and
 * deleting the account. One action serves the page's forms; each says which it is (`intent`) and
 * reads only its own result. While an admin acts as the user, the API refuses the address, the
 * password, the sessions and the deletion (403), and the page says so instead of offering them.
 */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  return null;
}

type Intent = 'profile' | 'email' | 'cancelEmail' | 'password' | 'delete' | 'everywhere';

/** The API refuses these while an admin acts as the user. */
const NOT_WHILE_IMPERSONATING = { 403: 'account.impersonating.refused' };

export async function clientAction({ request }: { request: Request }) {
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
  try {
    const { intent: _, ...profile } = submission.value;
    await updateProfile(profile);
  } catch (error) {
    return { intent: 'profile' as const, result: replyWithApiError(request, submission, error) };
  }
  snackbar.show('account.profile.saved', 'success');
  return { intent: 'profile' as const, result: submission.reply() };
}

/** Which of the page's forms is being sent now. */
function usePendingIntent(): Intent | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod !== 'POST') return null;
  const intent = navigation.formData?.get('intent');
  return typeof intent === 'string' ? (intent as Intent) : null;
}

/** The action's answer, for the form that sent it only. */
function useResultOf(intent: Intent) {
  const data = useActionData<typeof clientAction>();
  return data?.intent === intent ? data.result : undefined;
}

function ProfileCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [form, fields] = useAppForm(ProfileSchema, {
    id: 'account-profile',
    lastResult: useResultOf('profile'),
    defaultValue: { intent: 'profile', firstName: user.firstName, lastName: user.lastName },
  });
  const pending = usePendingIntent() === 'profile';
  return (
    <Card headingLevel={2} title={t('account.profile.title')}>
      <AppForm form={form} aria-describedby="account-profile-status" className="flex flex-col gap-5">
        <input {...getInputProps(fields.intent, { type: 'hidden' })} />
        <NameAndEmailFields fields={{ firstName: fields.firstName, lastName: fields.lastName }} />
        <FormSubmit
          statusId="account-profile-status"
          pending={pending}
          pendingText={t('account.profile.saving')}
          submitText={t('account.profile.save')}
          errors={form.errors}
        />
      </AppForm>
    </Card>
  );
}

/**
 * The address is the key to the account: a new one needs the password, and the account keeps
 * the old one (and signs in with it) until the link mailed to the new one is opened. A change
 * waiting says so, with a way to cancel it; sending the form again sends a new link.
 */
function EmailCard() {
  const { t } = useTranslation();
  const message = useMessage();
  const submit = useSubmit();
  const user = useSignedInUser();
  const pendingIntent = usePendingIntent();
  const result = useResultOf('email');
  const [form, fields] = useAppForm(EmailChangeSchema, {
    id: 'account-email',
    lastResult: result,
    defaultValue: { intent: 'email', email: user.pendingEmail?.email ?? '' },
  });
  const cancelRefusal = useResultOf('cancelEmail')?.error?.[''] ?? [];
  const waiting = user.pendingEmail;
  return (
    <Card headingLevel={2} title={t('account.email.title')} description={t('account.email.intro')}>
      <p className="mb-4 text-sm">
        {t('account.email.current')} <strong className="break-all">{user.email}</strong>
      </p>
      {waiting ? (
        <Alert
          tone="info"
          title={t('account.email.pendingTitle')}
          className="mb-4"
          action={
            <Button
              variant="secondary"
              disabled={pendingIntent === 'cancelEmail'}
              onClick={() => submit({ intent: 'cancelEmail' }, { method: 'post' })}
            >
              {t('account.email.cancel')}
            </Button>
          }
        >
          <p>{t('account.email.pendingText', { pending: waiting.email, current: user.email })}</p>
          <p className="mt-1">{t('account.email.pendingAgain')}</p>
        </Alert>
      ) : null}
      {cancelRefusal.length ? (
        <Alert tone="danger" live className="mb-4">
          {cancelRefusal.map((each) => message(each)).join(' ')}
        </Alert>
      ) : null}
      <AppForm form={form} aria-describedby="account-email-status" className="flex flex-col gap-5">
        <input {...getInputProps(fields.intent, { type: 'hidden' })} />
        <Field
          label={t('account.email.new')}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={t('form.password')}
          hint={t('account.email.passwordHint')}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.currentPassword.errors}
        />
        <FormSubmit
          statusId="account-email-status"
          pending={pendingIntent === 'email'}
          pendingText={t('account.email.sending')}
          submitText={t('account.email.send')}
          errors={form.errors}
        />
      </AppForm>
    </Card>
  );
}

/** Language and theme: each choice is posted to /preferences at once, as the header's switchers do. */
function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const root = useRouteLoaderData<{ theme: Theme }>('root');
  const pendingLanguage = fetcher.formData?.get('language');
  const pendingTheme = fetcher.formData?.get('theme');
  const language = typeof pendingLanguage === 'string' ? pendingLanguage : pickLanguage([i18n.resolvedLanguage]);
  const theme = typeof pendingTheme === 'string' ? pendingTheme : (root?.theme ?? 'system');
  return (
    <Card headingLevel={2} title={t('account.preferences.title')} description={t('account.preferences.hint')}>
      <div className="grid gap-6 sm:grid-cols-2">
        <RadioGroup
          label={t('account.preferences.language')}
          options={env.availableLanguages.map((each) => ({ value: each, label: t(`language.native.${each}`) }))}
          value={language}
          onChange={(value) => fetcher.submit({ language: value }, { method: 'post', action: paths.preferences() })}
        />
        <RadioGroup
          label={t('account.preferences.theme')}
          options={THEMES.map((each) => ({ value: each, label: t(`theme.names.${each}`) }))}
          value={theme}
          onChange={(value) => fetcher.submit({ theme: value }, { method: 'post', action: paths.preferences() })}
        />
      </div>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const [form, fields] = useAppForm(ChangePasswordSchema, {
    id: 'account-password',
    lastResult: useResultOf('password'),
    defaultValue: { intent: 'password' },
  });
  const pending = usePendingIntent() === 'password';
  return (
    <Card headingLevel={2} title={t('account.password.title')} description={t('account.password.intro')}>
      <AppForm form={form} aria-describedby="account-password-status" className="flex flex-col gap-5">
        <input {...getInputProps(fields.intent, { type: 'hidden' })} />
        <PasswordField
          label={t('account.password.current')}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.currentPassword.errors}
        />
        <PasswordField
          label={t('form.newPassword')}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.password.errors}
          hint={<PasswordRequirements password={fields.password.value ?? ''} />}
        />
        <FormSubmit
          statusId="account-password-status"
          pending={pending}
          pendingText={t('account.password.changing')}
          submitText={t('account.password.change')}
          errors={form.errors}
        />
      </AppForm>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation();
  const message = useMessage();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const pending = usePendingIntent() === 'everywhere';
  const result = useResultOf('everywhere');
  // A refusal has no field to sit by: it is the form's own error.
  const refusal = result?.error?.[''] ?? [];
  return (
    <Card headingLevel={2} title={t('account.sessions.title')} description={t('account.sessions.intro')}>
      {refusal.length ? (
        <Alert tone="danger" live className="mb-4">
          {refusal.map((each) => message(each)).join(' ')}
        </Alert>
      ) : null}
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('account.sessions.signOutEverywhere')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          submit({ intent: 'everywhere' }, { method: 'post' });
          setConfirming(false);
        }}
        title={t('account.sessions.confirmTitle')}
        confirmText={t('account.sessions.signOutEverywhere')}
        pending={pending}
      >
        {t('account.sessions.confirmText')}
      </ConfirmDialog>
    </Card>
  );
}

function DeleteCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pending = usePendingIntent() === 'delete';
  const goes = ['projects', 'accounts', 'reports', 'account'] as const;
  return (
    <Card headingLevel={2} title={t('account.delete.title')} className="ring-danger/40">
      <div className="flex flex-col gap-4 text-sm">
        <p>{t('account.delete.intro')}</p>
        <ul className="list-disc pl-5 text-fg-muted">
          {goes.map((each) => (
            <li key={each}>{t(`account.delete.goes.${each}`)}</li>
          ))}
        </ul>
        <p className="text-fg-muted">{t('account.delete.keeps')}</p>
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('account.delete.open')}
          </Button>
        </div>
      </div>
      <FormDialog
        item={open ? 'account' : null}
        itemKey={(each) => each}
        title={() => t('account.delete.dialogTitle')}
        pending={pending}
        onClose={() => setOpen(false)}
      >
        {() => <DeleteForm pending={pending} onClose={() => setOpen(false)} />}
      </FormDialog>
    </Card>
  );
}

function DeleteForm({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, fields] = useAppForm(DeleteAccountSchema, {
    id: 'account-delete',
    lastResult: useResultOf('delete'),
    defaultValue: { intent: 'delete' },
  });
  return (
    <AppForm form={form} aria-describedby="account-delete-status" className="mt-2 flex flex-col gap-5">
      <p className="text-sm text-fg-muted">{t('account.delete.dialogText')}</p>
      <input {...getInputProps(fields.intent, { type: 'hidden' })} />
      <PasswordField
        label={t('form.password')}
        hint={t('account.delete.passwordHint')}
        inputProps={{
          ...getInputProps(fields.password, { type: 'password' }),
          autoComplete: 'current-password',
          autoFocus: true,
        }}
        errors={fields.password.errors}
      />
      <FormSubmit
        statusId="account-delete-status"
        pending={pending}
        pendingText={t('account.delete.deleting')}
        submitText={t('account.delete.confirm')}
        errors={form.errors}
        variant="danger"
      />
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
    </AppForm>
  );
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
