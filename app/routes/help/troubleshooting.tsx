import { Link, useLocation } from '@remix-run/react';
import type { ParseKeys } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { PageHeader } from '~/components/ui/page-header';
import { textLinkClass } from '~/components/ui/text-link';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { snackbar } from '~/lib/snackbar';
import { StrokeIcon } from '~/components/ui/icon';

/**
 * A URL fragment scrolls to its section this long after the page (or the fragment)
 * changed, once the page has laid itself out.
 */
const ANCHOR_SCROLL_DELAY_MS = 250;

/** The sections in page order, as checks to go through; the ids are the anchors
 * docs/product.md#troubleshooting-help names. */
const SECTIONS = [
  { id: 'admin', title: 'troubleshooting.admin.title' },
  { id: 'connect', title: 'troubleshooting.connect.title' },
  { id: 'convert', title: 'troubleshooting.convert.title' },
] as const satisfies ReadonlyArray<{ id: string; title: ParseKeys }>;

type SectionId = (typeof SECTIONS)[number]['id'];

const headingId = (section: SectionId) => `${section}-title`;

function isSection(value: string): value is SectionId {
  return SECTIONS.some((section) => section.id === value);
}

/**
 * Brings the section named by the URL fragment into view ANCHOR_SCROLL_DELAY_MS after the page
 * opens, and again each time the fragment is followed (a link in the contents, a link pasted
 * while here). Focus goes to the section's heading, so keyboard and screen-reader users land
 * where the eye does.
 */
function useScrollToFragment() {
  const location = useLocation();
  useEffect(() => {
    const anchor = location.hash.slice(1);
    if (!isSection(anchor)) return;
    const timer = setTimeout(() => {
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      document.getElementById(anchor)?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
      document.getElementById(headingId(anchor))?.focus({ preventScroll: true });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
    // The key too: following the same fragment twice is a new visit to it.
  }, [location.hash, location.key]);
}

function LinkIcon() {
  return (
    <StrokeIcon className="size-4 shrink-0">
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </StrokeIcon>
  );
}

/** Puts the section's address on the clipboard; where the browser will not, shows it to copy by hand. */
function CopyLinkButton({ section, title }: { section: SectionId; title: string }) {
  const { t } = useTranslation();
  const label = t('troubleshooting.copyLink', { section: title });
  const copy = async () => {
    const url = `${window.location.origin}${paths.troubleshooting(section)}`;
    try {
      // Absent outside secure contexts, and refused when the user or the browser says no.
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (!clipboard) throw new Error('No clipboard');
      await clipboard.writeText(url);
      snackbar.show('troubleshooting.linkCopied', 'success');
    } catch {
      snackbar.show({ text: t('troubleshooting.copyFailed', { url }) }, 'error');
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      // Square: the kit's sizes pad for a label, and this one has none.
      className="w-8 px-0!"
      icon={<LinkIcon />}
      aria-label={label}
      title={label}
      onClick={() => void copy()}
    />
  );
}

/**
 * Words with Meta's menu names in bold (`<b>` in the translations) and, where a step depends on
 * another section, a link to it (`<convert>`). Both take the colour of the text around them, so
 * they read on an alert's tone as on the card.
 */
function Text({ k }: { k: ParseKeys }) {
  return (
    <Trans
      i18nKey={k}
      components={{
        b: <strong className="font-semibold" />,
        // Trans fills the link with its translated words.
        convert: <Link to="#convert" className="focus-ring rounded-sm font-semibold underline underline-offset-2" />,
      }}
    />
  );
}

function Steps({ keys }: { keys: readonly ParseKeys[] }) {
  return (
    <ol className="flex list-decimal flex-col gap-2 pl-6 marker:font-semibold marker:text-fg-muted">
      {keys.map((key) => (
        <li key={key} className="pl-1">
          <Text k={key} />
        </li>
      ))}
    </ol>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="font-semibold text-fg">{children}</h3>;
}

function HelpSection({ section, intro, children }: { section: SectionId; intro: ParseKeys; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(SECTIONS.find((each) => each.id === section)!.title);
  return (
    // Clear of the sticky top bar when scrolled to.
    <section id={section} aria-labelledby={headingId(section)} className="scroll-mt-24">
      <Card>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId(section)} tabIndex={-1} className="focus-ring rounded-sm text-xl font-semibold text-fg">
            {title}
          </h2>
          <CopyLinkButton section={section} title={title} />
        </div>
        <div className="mt-4 flex flex-col gap-4">
          <p>
            <Text k={intro} />
          </p>
          {children}
        </div>
      </Card>
    </section>
  );
}

/**
 * Help on linking a professional Instagram account to a Facebook Page
 * (docs/product.md#troubleshooting-help).
 */
export default function TroubleshootingRoute() {
  const { t } = useTranslation();
  useScrollToFragment();
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <PageHeader title={t('troubleshooting.title')} subtitle={t('troubleshooting.subtitle')} />

      <nav aria-labelledby="troubleshooting-contents" className="flex flex-col gap-2">
        <p id="troubleshooting-contents" className="text-sm font-semibold text-fg-muted">
          {t('troubleshooting.tocLabel')}
        </p>
        <ol className="flex list-decimal flex-col gap-1.5 pl-6 marker:text-fg-muted">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <Link to={`#${section.id}`} className={textLinkClass}>
                {t(section.title)}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <Alert tone="info">{t('troubleshooting.menuNames')}</Alert>

      <HelpSection section="admin" intro="troubleshooting.admin.intro">
        <SubHeading>{t('troubleshooting.admin.facebookTitle')}</SubHeading>
        <Steps
          keys={[
            'troubleshooting.admin.facebook1',
            'troubleshooting.admin.facebook2',
            'troubleshooting.admin.facebook3',
            'troubleshooting.admin.facebook4',
          ]}
        />
        <SubHeading>{t('troubleshooting.admin.suiteTitle')}</SubHeading>
        <Steps
          keys={['troubleshooting.admin.suite1', 'troubleshooting.admin.suite2', 'troubleshooting.admin.suite3']}
        />
        <Alert tone="warning">{t('troubleshooting.admin.partial')}</Alert>
      </HelpSection>

      <HelpSection section="connect" intro="troubleshooting.connect.intro">
        <SubHeading>{t('troubleshooting.connect.facebookTitle')}</SubHeading>
        <Steps
          keys={[
            'troubleshooting.connect.facebook1',
            'troubleshooting.connect.facebook2',
            'troubleshooting.connect.facebook3',
            'troubleshooting.connect.facebook4',
          ]}
        />
        <SubHeading>{t('troubleshooting.connect.appTitle')}</SubHeading>
        <Steps
          keys={['troubleshooting.connect.app1', 'troubleshooting.connect.app2', 'troubleshooting.connect.app3']}
        />
        <Alert tone="info">
          <Text k="troubleshooting.connect.noPage" />
        </Alert>
        <Alert tone="warning">
          <Text k="troubleshooting.connect.accountsCenter" />
        </Alert>
        <Alert tone="info">{t('troubleshooting.connect.onePage')}</Alert>
        <Alert tone="info">
          <Text k="troubleshooting.connect.reconnect" />
        </Alert>
      </HelpSection>

      <HelpSection section="convert" intro="troubleshooting.convert.intro">
        <Steps
          keys={[
            'troubleshooting.convert.step1',
            'troubleshooting.convert.step2',
            'troubleshooting.convert.step3',
            'troubleshooting.convert.step4',
            'troubleshooting.convert.step5',
          ]}
        />
        <Alert tone="warning">{t('troubleshooting.convert.public')}</Alert>
        <Alert tone="info">
          <Text k="troubleshooting.convert.switchBack" />
        </Alert>
      </HelpSection>
    </div>
  );
}

export function meta() {
  return pageTitle('troubleshooting.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
