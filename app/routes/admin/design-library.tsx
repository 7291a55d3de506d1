import { useLoaderData } from '@remix-run/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '~/components/ui/text-link';
import {
  ButtonsSection,
  DataDisplaySection,
  FeedbackSection,
  FormControlsSection,
  FoundationSection,
  MenusTabsSection,
  NavigationSection,
  OverlaysSection,
} from '~/features/design-library/sections';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';

/** The kit's sections in the page's order: their ids (the `section` a link names) and titles. */
const SECTIONS = [
  { id: 'foundation', title: 'designLibrary.foundation.title', Section: FoundationSection },
  { id: 'buttons', title: 'designLibrary.buttons.title', Section: ButtonsSection },
  { id: 'form-controls', title: 'designLibrary.formControls.title', Section: FormControlsSection },
  { id: 'data-display', title: 'designLibrary.dataDisplay.title', Section: DataDisplaySection },
  { id: 'feedback', title: 'designLibrary.feedback.title', Section: FeedbackSection },
  { id: 'navigation', title: 'designLibrary.navigation.title', Section: NavigationSection },
  { id: 'menus-tabs', title: 'designLibrary.menusTabs.title', Section: MenusTabsSection },
  { id: 'overlays', title: 'designLibrary.overlays.title', Section: OverlaysSection },
] as const satisfies ReadonlyArray<{ id: string; title: string; Section: ComponentType }>;
type SectionId = (typeof SECTIONS)[number]['id'];

/**
 * `?section=form-controls` shows that section alone (`section` may be repeated): the whole kit
 * takes a second or more to draw, and a reader (or a test) looking at one area need not wait for
 * the rest. Without a section it names, the whole kit. (The admin layout's loader guards the page.)
 */
export async function clientLoader({ request }: { request: Request }) {
  const asked = new URL(request.url).searchParams.getAll('section');
  return { sections: SECTIONS.map(({ id }): SectionId => id).filter((id) => asked.includes(id)) };
}

/**
 * The design library (docs/product.md#design-library): the whole kit, each component in each of
 * its states, with sample data only, or one section of it. Admins only, through the admin
 * layout's guard.
 */
export default function DesignLibraryRoute() {
  const { t } = useTranslation();
  const { sections } = useLoaderData<typeof clientLoader>();
  const shown = sections.length > 0 ? SECTIONS.filter(({ id }) => sections.includes(id)) : SECTIONS;
  const only = sections.length === 1 ? sections[0] : undefined;
  return (
    <div className="flex flex-col gap-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('designLibrary.title')}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t('designLibrary.subtitle')}</p>
        <nav aria-label={t('designLibrary.sections')} className="mt-4">
          {/* The list shows where the reader is, not only says it (aria-current). */}
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm [&_[aria-current=page]]:text-fg [&_[aria-current=page]]:underline [&_[aria-current=page]]:decoration-2 [&_[aria-current=page]]:underline-offset-4">
            <li>
              <TextLink to={paths.designLibrary()} aria-current={sections.length === 0 ? 'page' : undefined}>
                {t('designLibrary.wholeKit')}
              </TextLink>
            </li>
            {SECTIONS.map(({ id, title }) => (
              <li key={id}>
                <TextLink to={`${paths.designLibrary()}?section=${id}`} aria-current={only === id ? 'page' : undefined}>
                  {t(title)}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {shown.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </div>
  );
}

export function meta() {
  return pageTitle('designLibrary.title');
}
