import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { AppDialog, ConfirmDialog } from '~/components/ui/dialog';
import { snackbar } from '~/lib/snackbar';
import { Section, Specimen } from './specimen';

/** How long the sample deletion "runs", so its pending state can be seen. */
const SAMPLE_WORK_MS = 800;

/**
 * The update dialog's picture (a rocket, docs/product.md#new-versions-and-offline). Decorative; the
 * title says what it is about.
 */
function Rocket() {
  return (
    <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft" aria-hidden="true">
      <svg
        viewBox="0 0 32 32"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-8"
      >
        <path
          className="text-primary"
          d="M19.5 5.5c3.2-1.4 5.8-1.5 7-1 .5 1.2.4 3.8-1 7L18 19l-5-5 6.5-8.5ZM13 14l-4.5-.5L5 17l5 1M18 19l.5 4.5L15 27l-1-5"
        />
        <circle className="text-primary" cx="20.5" cy="11.5" r="2" />
        <path className="text-accent" d="M10.5 21.5c-1.5 0-3 1.5-3.5 4.5 3-.5 4.5-2 4.5-3.5" />
      </svg>
    </span>
  );
}

/** Dialogs: information, a dangerous confirmation, and the update-available notice. */
export function OverlaysSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'info' | 'confirm' | 'update' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const work = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(work.current), []);
  const close = () => setOpen(null);

  // A sample: the "deletion" only waits, so the pending button can be seen, then reports done.
  const confirmDelete = () => {
    setDeleting(true);
    work.current = setTimeout(() => {
      setDeleting(false);
      setOpen(null);
      snackbar.show('designLibrary.overlays.confirm.done', 'success');
    }, SAMPLE_WORK_MS);
  };

  return (
    <Section
      id="overlays"
      title={t('designLibrary.overlays.title')}
      description={t('designLibrary.overlays.description')}
    >
      <Specimen label={t('designLibrary.overlays.info.caption')}>
        <Button variant="secondary" onClick={() => setOpen('info')}>
          {t('designLibrary.overlays.info.open')}
        </Button>
        <AppDialog
          open={open === 'info'}
          onClose={close}
          title={t('designLibrary.overlays.info.title')}
          actions={<Button onClick={close}>{t('common.ok')}</Button>}
        >
          {t('designLibrary.overlays.info.body')}
        </AppDialog>
      </Specimen>

      <Specimen label={t('designLibrary.overlays.confirm.caption')}>
        <Button variant="danger" onClick={() => setOpen('confirm')}>
          {t('designLibrary.overlays.confirm.open')}
        </Button>
        <ConfirmDialog
          open={open === 'confirm'}
          onClose={close}
          onConfirm={confirmDelete}
          pending={deleting}
          tone="danger"
          title={t('designLibrary.overlays.confirm.title')}
          confirmText={t('designLibrary.overlays.confirm.confirm')}
        >
          {t('designLibrary.overlays.confirm.body')}
        </ConfirmDialog>
      </Specimen>

      <Specimen label={t('designLibrary.overlays.update.caption')}>
        <Button variant="secondary" onClick={() => setOpen('update')}>
          {t('designLibrary.overlays.update.open')}
        </Button>
        <AppDialog
          open={open === 'update'}
          onClose={close}
          width="update"
          icon={<Rocket />}
          title={t('designLibrary.overlays.update.title')}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                {t('designLibrary.overlays.update.later')}
              </Button>
              {/* The real one reloads the page; a sample only closes. */}
              <Button onClick={close}>{t('designLibrary.overlays.update.now')}</Button>
            </>
          }
        >
          <p className="font-medium text-fg">
            {t('designLibrary.overlays.update.greeting', { name: t('designLibrary.overlays.update.sampleName') })}
          </p>
          <p className="mt-1">{t('designLibrary.overlays.update.body')}</p>
        </AppDialog>
      </Specimen>
    </Section>
  );
}
