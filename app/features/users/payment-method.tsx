import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '~/components/ui/icon';

/** The users table's payment-method cell: a tick or a cross, said in words too (the icon is not read). */
export function PaymentMethod({ has }: { has: boolean }) {
  const { t } = useTranslation();
  const words = t(has ? 'support.hasPaymentMethod' : 'support.noPaymentMethod');
  return (
    <span className={`inline-flex ${has ? 'text-success-fg' : 'text-fg-subtle'}`} title={words}>
      {has ? <CheckIcon className="size-5" /> : <CloseIcon className="size-5" />}
      <span className="sr-only">{words}</span>
    </span>
  );
}
