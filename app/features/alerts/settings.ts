import { z } from 'zod/mini';
import * as fieldsContract from '~contract/fields';
import * as notificationsContract from '~contract/notifications';
import { ALERT_MAILS, type AlertSettings, type AlertSettingsBody } from '~contract/notifications';
import { api } from '~/lib/api';

export type { AlertMail, AlertSettings } from '~contract/notifications';

/** How the user's alerts are mailed, read fresh: a page opened to change them shows what is kept. */
export function getAlertSettings(): Promise<AlertSettings> {
  return api.call(notificationsContract.getAlertSettings, {});
}

/**
 * The settings form: the way for every project, and each project's own (left empty: the way for
 * every project, which the API takes as null).
 */
export const AlertSettingsFormSchema = z.object({
  mail: z.enum(ALERT_MAILS, { error: 'required' }),
  projects: z.optional(
    z.array(
      z.object({
        id: fieldsContract.id(),
        mail: z.optional(z.enum(ALERT_MAILS, { error: 'in' })),
      }),
    ),
  ),
});

export function saveAlertSettings(form: z.output<typeof AlertSettingsFormSchema>): Promise<AlertSettings> {
  const body: AlertSettingsBody = {
    mail: form.mail,
    projects: (form.projects ?? []).map((project) => ({ id: project.id, mail: project.mail ?? null })),
  };
  return api.call(notificationsContract.updateAlertSettings, { body });
}
