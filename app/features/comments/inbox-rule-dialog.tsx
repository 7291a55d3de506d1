import { getInputProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { numberFormat } from '~/lib/format';
import { SENTIMENTS } from '~contract/fields';
import { NETWORKS } from '~contract/inbox';
import { InboxRuleBodySchema, RULE_ACTIONS, RULE_PREVIEW_COMMENTS, type InboxRule } from '~contract/inbox-rules';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { FormDialog, formResult, type DialogFormProps } from '~/components/ui/dialog';
import { ErrorList, Field } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { Select } from '~/components/ui/select';
import { useAppForm } from '~/lib/forms';
import { InboxRuleFormSchema } from './inbox-rules';

/** What the dialog edits: a rule, or `'new'` for one to make. */
export type InboxRuleEditing = InboxRule | 'new';

/** What trying a rule on past comments answered: how many it would have matched, of how many, and a few of them. */
export type RulePreview = {
  matched: number;
  of: number;
  examples: Array<{ id: string; authorName: string; message: string }>;
};

/** Trying the rule as it stands in the form: the route's intent, its pending state and answer. */
export interface RulePreviewing {
  /** Sends the form's current values, already checked against the contract. */
  submit: (values: Record<string, string>) => void;
  pending: boolean;
  /** The answer for this dialog, once there is one (null: none yet, or it failed and was said). */
  result: RulePreview | null;
}

/**
 * Making or changing an inbox rule (docs/product.md#inbox-rules): the one form pattern in the one
 * dialog, posted to the rules route's action as its `save` intent. "Try on past comments" sends
 * what the form holds, once it is valid, and shows how many of the project's latest comments the
 * rule would have matched, before anything is saved.
 */
export function InboxRuleDialog({
  editing,
  previewing,
  onClose,
  lastResult,
  pending,
}: { editing: InboxRuleEditing | null; previewing: RulePreviewing } & DialogFormProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      item={editing}
      itemKey={(each) => (each === 'new' ? 'new' : each.id)}
      title={(each) => t(each === 'new' ? 'inboxRules.createTitle' : 'inboxRules.editTitle')}
      pending={pending}
      onClose={onClose}
    >
      {(each) => (
        <RuleForm editing={each} previewing={previewing} onClose={onClose} lastResult={lastResult} pending={pending} />
      )}
    </FormDialog>
  );
}

function RuleForm({
  editing,
  previewing,
  onClose,
  lastResult,
  pending,
}: { editing: InboxRuleEditing; previewing: RulePreviewing } & DialogFormProps) {
  const { t, i18n } = useTranslation();
  const rule = editing === 'new' ? undefined : editing;
  const [form, fields] = useAppForm(InboxRuleFormSchema, {
    id: `inbox-rule-${rule?.id ?? 'new'}`,
    lastResult: formResult(lastResult),
    defaultValue: {
      ruleId: rule?.id,
      name: rule?.name ?? '',
      words: rule?.words.join(', ') ?? '',
      sentiment: rule?.sentiment ?? undefined,
      network: rule?.network ?? undefined,
      actions: rule?.actions ?? ['markDone'],
    },
  });
  const chosen = new Set(rule?.actions ?? ['markDone']);
  const count = numberFormat(i18n.language).format;

  /** Tries the rule as the form holds it; an invalid form shows its errors instead. */
  const tryIt = () => {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const data = new FormData(element);
    const values = {
      name: String(data.get('name') ?? ''),
      words: String(data.get('words') ?? ''),
      sentiment: String(data.get('sentiment') ?? ''),
      network: String(data.get('network') ?? ''),
      actions: data.getAll('actions').map(String).join(','),
    };
    const checked = z.safeParse(InboxRuleBodySchema, {
      name: values.name,
      words: values.words || undefined,
      sentiment: values.sentiment || undefined,
      network: values.network || undefined,
      actions: values.actions ? values.actions.split(',') : [],
    });
    if (!checked.success) return form.validate();
    previewing.submit(values);
  };

  return (
    <AppForm form={form} aria-describedby="inbox-rule-status" className="mt-2 flex flex-col gap-5">
      <input type="hidden" name="intent" value="save" />
      {rule ? <input {...getInputProps(fields.ruleId, { type: 'hidden' })} /> : null}
      <Field
        label={t('inboxRules.fields.name')}
        hint={t('inboxRules.fields.nameHint')}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true }}
        errors={fields.name.errors}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-fg">{t('inboxRules.when')}</legend>
        <Field
          label={t('inboxRules.fields.words')}
          hint={t('inboxRules.fields.wordsHint')}
          inputProps={getInputProps(fields.words, { type: 'text' })}
          errors={fields.words.errors}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            label={t('inboxRules.fields.sentiment')}
            name={fields.sentiment.name}
            form={form.id}
            defaultValue={rule?.sentiment ?? ''}
            options={[
              { value: '', label: t('inboxRules.anySentiment') },
              ...SENTIMENTS.map((value) => ({ value, label: t(`ui.sentiment.${value}`) })),
            ]}
            errors={fields.sentiment.errors}
          />
          <Select
            label={t('inboxRules.fields.network')}
            name={fields.network.name}
            form={form.id}
            defaultValue={rule?.network ?? ''}
            options={[
              { value: '', label: t('inbox.filters.anyNetwork') },
              ...NETWORKS.map((value) => ({ value, label: t(`inbox.networks.${value}`) })),
            ]}
            errors={fields.network.errors}
          />
        </div>
      </fieldset>
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={fields.actions.errors ? `${fields.actions.id}-error` : undefined}
      >
        <legend className="mb-2 text-sm font-semibold text-fg">{t('inboxRules.then')}</legend>
        {RULE_ACTIONS.map((action) => (
          <Checkbox
            key={action}
            name={fields.actions.name}
            value={action}
            form={form.id}
            defaultChecked={chosen.has(action)}
            label={t(`inboxRules.actions.${action}`)}
            description={t(`inboxRules.actionHints.${action}`)}
          />
        ))}
        <ErrorList id={`${fields.actions.id}-error`} errors={fields.actions.errors} field={t('inboxRules.then')} />
      </fieldset>
      <div className="flex flex-col gap-3 rounded-lg bg-muted p-4">
        <Button variant="secondary" size="sm" onClick={tryIt} pending={previewing.pending} className="self-start">
          {t('inboxRules.try', { count: RULE_PREVIEW_COMMENTS })}
        </Button>
        <div aria-live="polite" className="flex flex-col gap-2 text-sm">
          {previewing.result ? (
            previewing.result.of === 0 ? (
              <p>{t('inboxRules.triedNone')}</p>
            ) : (
              <>
                <p className="font-semibold text-fg">
                  {t('inboxRules.tried', {
                    count: previewing.result.of,
                    matched: count(previewing.result.matched),
                    of: count(previewing.result.of),
                  })}
                </p>
                {previewing.result.examples.length > 0 ? (
                  <ul className="flex flex-col gap-1 text-fg-muted" aria-label={t('inboxRules.examples')}>
                    {previewing.result.examples.map((example) => (
                      // User content: text, never HTML.
                      <li key={example.id} className="line-clamp-2 wrap-anywhere">
                        <span className="font-medium text-fg">{example.authorName}</span>: {example.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )
          ) : null}
        </div>
      </div>
      <FormSubmit
        statusId="inbox-rule-status"
        pending={pending}
        pendingText={t('inboxRules.saving')}
        submitText={t('inboxRules.save')}
        errors={form.errors}
      />
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
    </AppForm>
  );
}
