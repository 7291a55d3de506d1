import { useTranslation } from 'react-i18next';
import { BrandMark } from '~/components/ui/brand-mark';
import { ProgressBar } from '~/components/ui/progress-bar';
import { announcedStep, tiktokImports, useTiktokImports } from './tiktok-imports';

/**
 * The TikTok imports under way (docs/product.md#tiktok-users), out of the way in a corner of every
 * signed-in page (under the header below lg, where the snackbars at the bottom would cover it): a
 * bar each, with its percentage. A screen reader hears each import start, each quarter and the end
 * (`announcedStep`), through a live region of its own, not every page of videos.
 */
export function TiktokImportPanel() {
  const { t } = useTranslation();
  const imports = useTiktokImports();
  return (
    <>
      <div role="status" className="sr-only">
        {imports.map(({ user, progress }) => (
          <p key={user._id}>
            {announcedStep(progress) === 100
              ? t('tiktokImport.done', { name: user.name })
              : t('tiktokImport.progress', { name: user.name, percent: announcedStep(progress) })}
          </p>
        ))}
      </div>
      {imports.length > 0 ? (
        <section
          aria-label={t('tiktokImport.region')}
          className="fixed inset-x-4 top-20 z-[55] flex flex-col gap-2 sm:left-auto sm:w-80 lg:top-auto lg:bottom-4"
        >
          {imports.map(({ user, progress }) => (
            <div key={user._id} className="flex items-start gap-3 rounded-lg bg-raised p-3 shadow-lg ring-1 ring-line">
              <BrandMark brand="tiktok" className="mt-0.5 size-5 shrink-0" />
              <ProgressBar
                label={
                  progress >= 100
                    ? t('tiktokImport.doneLabel', { name: user.name })
                    : t('tiktokImport.label', { name: user.name })
                }
                value={progress}
                tone={progress >= 100 ? 'success' : 'primary'}
              />
              {progress >= 100 ? (
                <button
                  type="button"
                  onClick={() => tiktokImports.dismiss(user._id)}
                  aria-label={t('tiktokImport.dismiss', { name: user.name })}
                  className="focus-ring -mt-1 -mr-1 rounded-md p-1 text-fg-muted hover:bg-muted hover:text-fg"
                >
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </button>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
