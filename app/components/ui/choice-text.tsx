import { Description, Label } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ErrorList, hintClass, labelClass } from './field';

/**
 * The words beside a checkbox or a switch: its label, a description, and its one error, all
 * tied to the control by Headless UI's Field (so a click on the label toggles it).
 */
export function ChoiceText({
  label,
  description,
  error,
}: {
  label: string;
  description?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <Label className={`${labelClass} cursor-pointer data-[disabled]:cursor-not-allowed`}>{label}</Label>
      {description ? (
        <Description as="div" className={hintClass}>
          {description}
        </Description>
      ) : null}
      {error ? (
        <Description as="div" className="mt-1">
          <ErrorList errors={[error]} field={label} />
        </Description>
      ) : null}
    </div>
  );
}
