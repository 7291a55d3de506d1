import { useTranslation } from 'react-i18next';
import type { PlanLimit } from '~contract/subscription';
import { Alert } from '~/components/ui/alert';
import { TextLink } from '~/components/ui/text-link';
import { paths } from '~/lib/paths';
import { planLimitMessage } from '~/lib/plan-limits';

/**
 * Said before the user tries (decision 031): the plan's limit is reached here, which plan
 * includes more, and where plans are explained. The API refuses all the same if they try.
 */
export function PlanLimitNote({ planId, limit, className }: { planId: string; limit: PlanLimit; className?: string }) {
  const { t } = useTranslation();
  const { key, values } = planLimitMessage(planId, limit);
  return (
    <Alert
      tone="info"
      className={className}
      action={<TextLink to={paths.subscription()}>{t('subscription.limits.toPlans')}</TextLink>}
    >
      {String(t(key, values as never))}
    </Alert>
  );
}
