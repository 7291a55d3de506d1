import { Hono } from 'hono';
import type { z } from 'zod/mini';
import * as inboxRules from '../../contract/inbox-rules';
import { MAX_INBOX_RULES, type InboxRuleSchema } from '../../contract/inbox-rules';
import type { InboxRuleRow } from '../db/schema';
import type { AppEnv, Services } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { findOwnProject } from '../projects/queries';
import { deleteRule, insertRule, previewRule, rulesOf, updateRule } from './rules';

/** The contract's InboxRule object. */
const present = (row: InboxRuleRow): z.input<typeof InboxRuleSchema> => ({
  id: row.id,
  name: row.name,
  words: row.words,
  sentiment: row.sentiment,
  network: row.network as z.input<typeof InboxRuleSchema>['network'],
  actions: row.actions as z.input<typeof InboxRuleSchema>['actions'],
  createdAt: row.createdAt.toISOString(),
});

/**
 * A project's inbox rules (contract/inbox-rules.ts): its owner's only; another user's project,
 * or a rule of another project, is not found (docs/product.md#access).
 */
export function inboxRuleRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const ownProject = async (ownerId: string, id: string) => {
    const project = await findOwnProject(s.db, ownerId, id);
    if (!project) throw notFound();
    return project;
  };

  route(routes, s, inboxRules.listInboxRules, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const rows = await rulesOf(s.db, project.id);
    return reply(c, inboxRules.listInboxRules, 200, { data: rows.map(present) });
  });

  route(routes, s, inboxRules.createInboxRule, async (c, { params, body }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const row = await insertRule(s.db, project.id, body);
    if (row === 'full') throw new HttpError(409, 'inboxRulesFull', { max: MAX_INBOX_RULES });
    return reply(c, inboxRules.createInboxRule, 201, present(row));
  });

  route(routes, s, inboxRules.updateInboxRule, async (c, { params, body }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const row = await updateRule(s.db, project.id, params.ruleId, body);
    if (!row) throw notFound();
    return reply(c, inboxRules.updateInboxRule, 200, present(row));
  });

  route(routes, s, inboxRules.deleteInboxRule, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    if (!(await deleteRule(s.db, project.id, params.ruleId))) throw notFound();
    return reply(c, inboxRules.deleteInboxRule, 204);
  });

  route(routes, s, inboxRules.previewInboxRule, async (c, { params, body }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    return reply(c, inboxRules.previewInboxRule, 200, await previewRule(s.db, project.id, body));
  });

  return routes;
}
