import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ProgressBar } from '~/components/ui/progress-bar';
import { Spinner } from '~/components/ui/spinner';
import { snackbar, type SnackbarTone } from '~/lib/snackbar';
import { Section, Specimen } from './specimen';

const snackbarTones: SnackbarTone[] = ['info', 'success', 'warning', 'error'];

/** Spinners, progress bars, alerts and snackbars. */
export function FeedbackSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="feedback"
      title={t('designLibrary.feedback.title')}
      description={t('designLibrary.feedback.description')}
    >
      <Specimen label={t('designLibrary.feedback.spinners.decorative')}>
        <Spinner className="size-5 text-primary" />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.spinners.sizes')}>
        <Spinner className="size-4 text-fg-muted" />
        <Spinner className="size-6 text-fg-muted" />
        <Spinner className="size-8 text-primary" />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.spinners.labelled')}>
        <Spinner className="size-5 text-primary" label={t('designLibrary.feedback.spinners.loading')} />
      </Specimen>

      <Specimen label={t('designLibrary.feedback.progress.zero')}>
        <ProgressBar label={t('designLibrary.feedback.progress.uploading')} value={0} />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.progress.partial')}>
        <ProgressBar label={t('designLibrary.feedback.progress.importing')} value={40} />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.progress.complete')}>
        <ProgressBar label={t('designLibrary.feedback.progress.synced')} value={100} tone="success" />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.progress.ofMax')}>
        <ProgressBar label={t('designLibrary.feedback.progress.setup')} value={3} max={8} />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.progress.tones')}>
        <div className="flex w-full flex-col gap-4">
          <ProgressBar label={t('designLibrary.feedback.progress.published')} value={72} tone="success" />
          <ProgressBar label={t('designLibrary.feedback.progress.failed')} value={15} tone="danger" />
        </div>
      </Specimen>
      <Specimen label={t('designLibrary.feedback.progress.indeterminate')}>
        <ProgressBar label={t('designLibrary.feedback.progress.preparing')} />
      </Specimen>
      <Specimen label={t('designLibrary.feedback.progress.longLabel')} wide>
        <ProgressBar label={t('designLibrary.feedback.progress.long')} value={64} />
      </Specimen>

      <Specimen label={t('designLibrary.feedback.alerts.info')}>
        <Alert tone="info" title={t('designLibrary.feedback.alerts.infoTitle')} className="w-full">
          {t('designLibrary.feedback.alerts.infoText')}
        </Alert>
      </Specimen>
      <Specimen label={t('designLibrary.feedback.alerts.success')}>
        <Alert tone="success" title={t('designLibrary.feedback.alerts.successTitle')} className="w-full">
          {t('designLibrary.feedback.alerts.successText')}
        </Alert>
      </Specimen>
      <Specimen label={t('designLibrary.feedback.alerts.warning')}>
        <Alert tone="warning" title={t('designLibrary.feedback.alerts.warningTitle')} className="w-full">
          {t('designLibrary.feedback.alerts.warningText')}
        </Alert>
      </Specimen>
      <Specimen label={t('designLibrary.feedback.alerts.danger')}>
        <Alert tone="danger" className="w-full">
          {t('designLibrary.feedback.alerts.dangerText')}
        </Alert>
      </Specimen>
      <Specimen label={t('designLibrary.feedback.alerts.withAction')} wide>
        <Alert
          tone="danger"
          title={t('designLibrary.feedback.alerts.dangerTitle')}
          action={
            <Button size="sm" variant="secondary">
              {t('designLibrary.feedback.alerts.retry')}
            </Button>
          }
          className="w-full"
        >
          {t('designLibrary.feedback.alerts.dangerText')}
        </Alert>
      </Specimen>
      <Specimen label={t('designLibrary.feedback.alerts.longText')} wide>
        <Alert tone="warning" title={t('designLibrary.feedback.alerts.longTitle')} className="w-full">
          {t('designLibrary.feedback.alerts.longBody')}
        </Alert>
      </Specimen>

      {/* Real snackbars, through the one the whole app uses (bottom of the screen). */}
      <Specimen label={t('designLibrary.feedback.snackbars.caption')} wide>
        {snackbarTones.map((tone) => (
          <Button
            key={tone}
            variant="secondary"
            onClick={() => snackbar.show(`designLibrary.feedback.snackbars.messages.${tone}`, tone)}
          >
            {t(`designLibrary.feedback.snackbars.${tone}`)}
          </Button>
        ))}
      </Specimen>
    </Section>
  );
}
