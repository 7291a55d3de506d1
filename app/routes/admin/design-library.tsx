import { useTranslation } from 'react-i18next';
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

/**
 * The design library (docs/product.md#design-library): the whole kit at once, each component in
 * each of its states, with sample data only. Admins only, through the admin layout's guard.
 */
export default function DesignLibraryRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('designLibrary.title')}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t('designLibrary.subtitle')}</p>
      </header>
      <FoundationSection />
      <ButtonsSection />
      <FormControlsSection />
      <DataDisplaySection />
      <FeedbackSection />
      <NavigationSection />
      <MenusTabsSection />
      <OverlaysSection />
    </div>
  );
}

export function meta() {
  return pageTitle('designLibrary.title');
}
