import { useTranslation } from 'react-i18next';
import * as fields from '~contract/fields';
import { PASSWORD_MIN_LENGTH } from '~contract/fields';

/**
 * The live requirements card beside a new password (docs/product.md#validation). Given as a
 * Field's hint, which carries the id the input is described by.
 */
export function PasswordRequirements({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg bg-muted px-3 py-2.5">
      <p className="text-sm font-medium text-fg">{t('password.requirementsTitle')}</p>
      <ul className="mt-1 flex flex-col gap-0.5 text-sm">
        {(Object.keys(fields.passwordRules) as Array<keyof typeof fields.passwordRules>).map((rule) => {
          const met = fields.passwordRules[rule](password);
          return (
            <li key={rule} className={`flex items-center gap-2 ${met ? 'text-success-fg' : 'text-fg-muted'}`}>
              <span aria-hidden="true" className="w-4 text-center font-bold">
                {met ? '✓' : '•'}
              </span>
              <span>
                {t(`password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH, count: PASSWORD_MIN_LENGTH })}
                <span className="sr-only"> {t(met ? 'password.met' : 'password.notMet')}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
