import { useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** "Retry" after a read that failed inside a page: reads the page's loaders again, busy meanwhile. */
export function ReadAgainButton() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <Button
      size="sm"
      variant="secondary"
      pending={revalidator.state !== 'idle'}
      onClick={() => revalidator.revalidate()}
    >
      {t('review.retry')}
    </Button>
  );
}
