import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SENTIMENTS } from '~contract/fields';
import { Checkbox } from '~/components/ui/checkbox';
import { Field, PasswordField } from '~/components/ui/field';
import { RadioGroup } from '~/components/ui/radio-group';
import { SearchField } from '~/components/ui/search-field';
import { Select } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { TextArea } from '~/components/ui/textarea';
import { Section, Specimen } from './specimen';

/** This section's words, typed from en.json. */
const useFormControlsTranslation = () => useTranslation('translation', { keyPrefix: 'designLibrary.formControls' });

const TONES = ['friendly', 'formal', 'brief'] as const;

/** The limit of the "near the limit" reply: a little over the sample reply, in both languages. */
const REPLY_LIMIT = 220;

/** A specimen's frame lays its content out in a row; a text field takes the whole width, as in a form. */
function Fill({ children }: { children: ReactNode }) {
  return <div className="w-full">{children}</div>;
}

/**
 * The form controls, each in its states. They are live (uncontrolled, no form around them) so a
 * reviewer can use them by keyboard; the error states show their error at once (`showErrors`),
 * where a real form waits for the control to be used or the form to be sent.
 */
export function FormControlsSection() {
  const { t } = useFormControlsTranslation();
  const { t: tAll } = useTranslation();
  const sentiments = SENTIMENTS.map((value) => ({ value, label: tAll(`ui.sentiment.${value}`) }));
  const tones = TONES.map((value) => ({
    value,
    label: t(`samples.tones.${value}`),
    description: t(`samples.tones.${value}Hint`),
  }));

  return (
    <Section id="form-controls" title={t('title')} description={t('description')}>
      <Specimen label={t('captions.textIdle')}>
        <Fill>
          <Field label={t('samples.projectName')} inputProps={{ defaultValue: t('samples.projectNameValue') }} />
        </Fill>
      </Specimen>
      <Specimen label={t('captions.textHint')}>
        <Fill>
          <Field label={t('samples.projectName')} hint={t('samples.projectNameHint')} inputProps={{}} />
        </Fill>
      </Specimen>
      <Specimen label={t('captions.textLong')}>
        <Fill>
          <Field label={t('samples.projectName')} inputProps={{ defaultValue: t('samples.projectNameLong') }} />
        </Fill>
      </Specimen>
      <Specimen label={t('captions.textError')}>
        <Fill>
          <Field
            label={t('samples.email')}
            errors={['email']}
            showErrors
            inputProps={{ type: 'email', defaultValue: t('samples.emailValue'), autoComplete: 'off' }}
          />
        </Fill>
      </Specimen>
      <Specimen label={t('captions.textDisabled')}>
        <Fill>
          <Field
            label={t('samples.projectName')}
            inputProps={{ defaultValue: t('samples.projectNameValue'), disabled: true }}
          />
        </Fill>
      </Specimen>
      <Specimen label={t('captions.password')}>
        <Fill>
          <PasswordField
            label={t('samples.password')}
            hint={t('samples.passwordHint')}
            inputProps={{ defaultValue: 'Espresso2024', autoComplete: 'off' }}
          />
        </Fill>
      </Specimen>

      <Specimen label={t('captions.selectPlaceholder')}>
        <Select label={t('samples.sentiment')} options={sentiments} />
      </Specimen>
      <Specimen label={t('captions.selectChosen')}>
        <Select
          label={t('samples.sentiment')}
          options={sentiments}
          defaultValue="MIXED"
          hint={t('samples.sentimentHint')}
        />
      </Specimen>
      <Specimen label={t('captions.selectDisabled')}>
        <Select label={t('samples.sentiment')} options={sentiments} defaultValue="NEUTRAL" disabled />
      </Specimen>
      <Specimen label={t('captions.selectError')}>
        <Select label={t('samples.sentiment')} options={sentiments} errors={['required']} showErrors />
      </Specimen>

      <Specimen label={t('captions.checkboxUnchecked')}>
        <Checkbox label={t('samples.weeklyReport')} description={t('samples.weeklyReportHint')} />
      </Specimen>
      <Specimen label={t('captions.checkboxChecked')}>
        <Checkbox label={t('samples.weeklyReport')} description={t('samples.weeklyReportHint')} defaultChecked />
      </Specimen>
      <Specimen label={t('captions.checkboxIndeterminate')}>
        <Checkbox label={t('samples.selectAll')} description={t('samples.selectAllHint')} indeterminate />
      </Specimen>
      <Specimen label={t('captions.checkboxDisabled')}>
        <Checkbox
          label={t('samples.weeklyReport')}
          description={t('samples.weeklyReportHint')}
          defaultChecked
          disabled
        />
      </Specimen>
      <Specimen label={t('captions.checkboxError')}>
        <Checkbox label={t('samples.terms')} errors={['required']} showErrors />
      </Specimen>

      <Specimen label={t('captions.switchOff')}>
        <Switch label={t('samples.negativeAlerts')} description={t('samples.negativeAlertsHint')} />
      </Specimen>
      <Specimen label={t('captions.switchOn')}>
        <Switch label={t('samples.negativeAlerts')} description={t('samples.negativeAlertsHint')} defaultChecked />
      </Specimen>
      <Specimen label={t('captions.switchDisabled')}>
        <Switch label={t('samples.autoReply')} description={t('samples.autoReplyHint')} disabled />
      </Specimen>

      <Specimen label={t('captions.radioStacked')}>
        <RadioGroup
          label={t('samples.tone')}
          options={tones.map(({ value, label }) => ({ value, label }))}
          defaultValue="friendly"
        />
      </Specimen>
      <Specimen label={t('captions.radioError')}>
        <RadioGroup
          label={t('samples.tone')}
          options={tones.map(({ value, label }) => ({ value, label }))}
          errors={['required']}
          showErrors
        />
      </Specimen>
      <Specimen label={t('captions.radioDisabled')}>
        <RadioGroup
          label={t('samples.tone')}
          options={tones.map(({ value, label }) => ({ value, label }))}
          defaultValue="brief"
          disabled
        />
      </Specimen>
      <Specimen label={t('captions.radioCards')} wide>
        <RadioGroup
          label={t('samples.tone')}
          variant="cards"
          options={tones.map((tone) => ({ ...tone, disabled: tone.value === 'brief' }))}
          defaultValue="formal"
        />
      </Specimen>

      <Specimen label={t('captions.textareaEmpty')}>
        <TextArea
          label={t('samples.reply')}
          hint={t('samples.replyHint')}
          textareaProps={{ placeholder: t('samples.replyPlaceholder') }}
        />
      </Specimen>
      <Specimen label={t('captions.textareaLong')}>
        <TextArea label={t('samples.reply')} textareaProps={{ defaultValue: t('samples.replyLong'), rows: 5 }} />
      </Specimen>
      <Specimen label={t('captions.textareaNearLimit')}>
        <TextArea
          label={t('samples.reply')}
          counter
          textareaProps={{ defaultValue: t('samples.replyNearLimit'), maxLength: REPLY_LIMIT, rows: 5 }}
        />
      </Specimen>
      <Specimen label={t('captions.textareaError')}>
        <TextArea
          label={t('samples.reply')}
          errors={['required']}
          showErrors
          counter
          textareaProps={{ placeholder: t('samples.replyPlaceholder'), maxLength: REPLY_LIMIT }}
        />
      </Specimen>

      <Specimen label={t('captions.searchEmpty')}>
        <SearchField label={t('samples.searchUsers')} placeholder={t('samples.searchPlaceholder')} />
      </Specimen>
      <Specimen label={t('captions.searchFilled')}>
        <SearchField
          label={t('samples.searchUsers')}
          hideLabel
          placeholder={t('samples.searchPlaceholder')}
          defaultValue={t('samples.searchValue')}
        />
      </Specimen>
    </Section>
  );
}
