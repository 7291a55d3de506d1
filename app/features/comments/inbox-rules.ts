import { z } from 'zod/mini';
import * as inboxRules from '~contract/inbox-rules';
import { InboxRuleBodySchema, type InboxRule, type InboxRuleBody } from '~contract/inbox-rules';
import * as fieldsContract from '~contract/fields';
import { api } from '~/lib/api';
import { cached, invalidate } from '~/lib/cache';

export type { InboxRule } from '~contract/inbox-rules';

/** The inbox rules' cache keys. */
export const inboxRuleKeys = {
  all: ['inboxRules'] as const,
  ofProject: (projectId: string) => [...inboxRuleKeys.all, projectId] as const,
};

/** A project's rules, in the order they are applied; cached until one changes. */
export async function getInboxRules(projectId: string): Promise<InboxRule[]> {
  return (
    await cached({
      queryKey: inboxRuleKeys.ofProject(projectId),
      queryFn: () => api.call(inboxRules.listInboxRules, { params: { projectId } }),
    })
  ).data;
}

/** The rule form: the API's own rules, and which rule it changes (none for a new one). */
export const InboxRuleFormSchema = z.extend(InboxRuleBodySchema, { ruleId: z.optional(fieldsContract.id()) });

export async function saveInboxRule(projectId: string, ruleId: string | undefined, body: InboxRuleBody) {
  const saved = ruleId
    ? await api.call(inboxRules.updateInboxRule, { params: { projectId, ruleId }, body })
    : await api.call(inboxRules.createInboxRule, { params: { projectId }, body });
  await invalidate(inboxRuleKeys.ofProject(projectId));
  return saved;
}

export async function deleteInboxRule(projectId: string, ruleId: string) {
  await api.call(inboxRules.deleteInboxRule, { params: { projectId, ruleId } });
  await invalidate(inboxRuleKeys.ofProject(projectId));
}

/** What a rule would have matched among the project's latest comments (nothing changes). */
export function previewInboxRule(projectId: string, body: InboxRuleBody) {
  return api.call(inboxRules.previewInboxRule, { params: { projectId }, body }, { countsForLoading: false });
}
