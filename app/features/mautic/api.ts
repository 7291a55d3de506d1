import * as mautic from '~contract/mautic';
import { api } from '~/lib/api';
import { cached, keepInCache } from '~/lib/cache';
import type { MauticForm } from './schemas';

export type { MauticStatus } from '~contract/mautic';

/** This feature's cache keys: every query and invalidation names them through here. */
export const mauticKeys = {
  all: ['mautic'] as const,
  status: () => [...mauticKeys.all, 'status'] as const,
};

export function getMauticStatus() {
  return cached({ queryKey: mauticKeys.status(), queryFn: () => api.call(mautic.showMautic, {}) });
}

/** Exchanges the code Mautic sent back; the answer is the new status, kept as the cached one. */
export async function exchangeMauticCode(code: string) {
  const status = await api.call(mautic.obtainMauticToken, { body: { code } });
  await keepInCache(mauticKeys.status(), status);
  return status;
}

/** Mautic's authorize page with the Mautic form's fields as its query. */
export function authorizeUrl(base: string, form: MauticForm): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(form)) url.searchParams.set(name, value);
  return url.toString();
}
