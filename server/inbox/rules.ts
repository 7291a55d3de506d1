import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { NETWORK_KINDS } from '../../contract/inbox';
import * as inboxRulesContract from '../../contract/inbox-rules';
import {
  MAX_INBOX_RULES,
  RULE_PREVIEW_COMMENTS,
  type InboxRuleBody,
  type RuleAction,
} from '../../contract/inbox-rules';
import { rowsOf, type Database } from '../db/client';
import { inboxRules, projects, connectedAccounts, type InboxRuleRow } from '../db/schema';
import { INBOX_CHANGED } from '../../contract/realtime';
import { ACTED_ON_AT_PROVIDER_KINDS } from '../integrations/adapters';
import { actAtProvider, type ChannelFetchDeps } from '../integrations/channel-fetch';
import { safeError } from '../log';
import { markHidden, tellHiddenChanged, type CommentWriterDeps, type HiddenChanged } from '../comments/writer';
import { notifyRuleMatches, type AlertDeps } from '../alerts/notify';
import type { ChannelKind } from '../../contract/fields';
import type { JobQueue } from '../jobs/queue';
import { z } from 'zod/mini';

/**
 * Inbox rules (contract/inbox-rules.ts; docs/product.md#inbox-rules): a project's rules, kept in
 * the order they were made, and applied to the comments that arrive on its channels by the
 * ingestion jobs (Meta's webhooks, the scheduled sync), never by a request.
 */

/** A rule's row from its body: the words split, the actions once each. */
const rowOf = (body: InboxRuleBody) => ({
  name: body.name,
  words: inboxRulesContract.ruleWordsOf(body.words ?? ''),
  sentiment: body.sentiment ?? null,
  network: body.network ?? null,
  actions: [...new Set(body.actions)],
});

export function rulesOf(db: Database, projectId: string): Promise<InboxRuleRow[]> {
  return db
    .select()
    .from(inboxRules)
    .where(eq(inboxRules.projectId, projectId))
    .orderBy(asc(inboxRules.createdAt), asc(inboxRules.id));
}

/** A new rule, or `'full'` at the limit; the project's row is locked while counting. */
export async function insertRule(db: Database, projectId: string, body: InboxRuleBody): Promise<InboxRuleRow | 'full'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    const [{ total }] = await tx.select({ total: count() }).from(inboxRules).where(eq(inboxRules.projectId, projectId));
    if (total >= MAX_INBOX_RULES) return 'full' as const;
    const [row] = await tx
      .insert(inboxRules)
      .values({ projectId, ...rowOf(body) })
      .returning();
    return row!;
  });
}

export async function updateRule(
  db: Database,
  projectId: string,
  ruleId: string,
  body: InboxRuleBody,
): Promise<InboxRuleRow | undefined> {
  const [row] = await db
    .update(inboxRules)
    .set(rowOf(body))
    .where(and(eq(inboxRules.id, ruleId), eq(inboxRules.projectId, projectId)))
    .returning();
  return row;
}

export async function deleteRule(db: Database, projectId: string, ruleId: string): Promise<boolean> {
  const rows = await db
    .delete(inboxRules)
    .where(and(eq(inboxRules.id, ruleId), eq(inboxRules.projectId, projectId)))
    .returning({ id: inboxRules.id });
  return rows.length > 0;
}

/** Each network's channel kinds, as SQL reads them (`kinds -> network`). */
const KINDS_JSON = JSON.stringify(NETWORK_KINDS);

/**
 * Whether comment `c` (on channel `ch`) holds what a rule asks, its fields given as SQL: any of
 * its words in the folded message (`strpos`: the words are literal, `%` included), the sentiment
 * applied or proposed while in review, the channel's network.
 */
function ruleMatches(rule: { words: SQL; sentiment: SQL; network: SQL }): SQL {
  return sql`(cardinality(${rule.words}) = 0
      or exists (select 1 from unnest(${rule.words}) w where strpos(c.message_search, search_fold(w)) > 0))
    and (${rule.sentiment} is null or c.sentiment = ${rule.sentiment}
      or (c.in_review and c.proposed_sentiment = ${rule.sentiment}))
    and (${rule.network} is null or ch.kind in (select jsonb_array_elements_text(${KINDS_JSON}::jsonb -> ${rule.network})))`;
}

/** A text array as PostgreSQL takes it from a parameter. */
const textArray = (values: string[]) => sql`${JSON.stringify(values)}::jsonb`;

/**
 * How many of the project's latest RULE_PREVIEW_COMMENTS top-level comments (not its channels'
 * own replies) `body` would have matched, and the first few.
 */
export async function previewRule(db: Database, projectId: string, body: InboxRuleBody) {
  const rule = rowOf(body);
  const words = sql`array(select jsonb_array_elements_text(${textArray(rule.words)}))`;
  const rows = rowsOf<{ id: string; author_name: string; message: string; matched: boolean }>(
    await db.execute(sql`
      with latest as (
        select c.id, c.author_name, c.message, c.published_at, c.sentiment, c.in_review, c.proposed_sentiment,
               c.message_search, c.channel_id
        from comments c
        where c.channel_id in (select channel_id from project_channels where project_id = ${projectId})
          and c.parent_id is null and not c.from_channel
        order by c.published_at desc, c.id desc
        limit ${RULE_PREVIEW_COMMENTS}
      )
      select c.id, c.author_name, c.message,
        ${ruleMatches({ words, sentiment: sql`${rule.sentiment}::text`, network: sql`${rule.network}::text` })} as matched
      from latest c join channels ch on ch.id = c.channel_id
      order by c.published_at desc, c.id desc`),
  );
  const matched = rows.filter((row) => row.matched);
  return {
    matched: matched.length,
    of: rows.length,
    examples: matched.slice(0, 3).map((row) => ({ id: row.id, authorName: row.author_name, message: row.message })),
  };
}

/**
 * What the ingestion jobs give the rules: the writer's, what hiding at the network takes, and the
 * queue its hides go through.
 */
export type RuleDeps = CommentWriterDeps &
  Partial<Pick<ChannelFetchDeps, 'adapters' | 'encryption' | 'clock'>> &
  Pick<AlertDeps, 'mailer' | 'config'> & { jobs?: JobQueue | undefined };

/** The job that hides comments at the network for the rules (`workRuleHides`). */
export const HIDE_BY_RULE = 'hide-comment-by-rule';
/** The most comments one hide job takes: an ingestion's matches, a few hundred at the most. */
const HIDES_PER_JOB = 200;

type Match = {
  comment_id: string;
  external_id: string;
  channel_id: string;
  kind: ChannelKind;
  channel_external_id: string;
  account_id: string | null;
  owner_id: string;
  project_id: string;
  rule_name: string;
  actions: RuleAction[];
};

/**
 * Applies the rules of the projects that follow each new comment's channel to `addedIds` (the
 * comments an ingestion job just added; replies and the channels' own are left alone). Each
 * comment takes every matching rule's actions and names the first rule that matched. A hide goes
 * to the network where the channel's account can (and is then every follower's), else it is the
 * app's own mark; a refusal there is logged and the comment stays shown. Answers how many
 * comments a rule acted on.
 */
export async function applyInboxRules(deps: RuleDeps, addedIds: string[]): Promise<number> {
  if (addedIds.length === 0) return 0;
  const rows = rowsOf<Match>(
    await deps.db.execute(sql`
      select c.id as comment_id, c.external_id, c.channel_id, ch.kind, ch.external_id as channel_external_id,
             ch.account_id, ch.owner_id, r.project_id, r.name as rule_name, r.actions
      from comments c
      join channels ch on ch.id = c.channel_id
      join project_channels pc on pc.channel_id = c.channel_id
      join inbox_rules r on r.project_id = pc.project_id
      where c.id in (select jsonb_array_elements_text(${JSON.stringify(addedIds)}::jsonb)::uuid)
        and c.parent_id is null and not c.from_channel
        and ${ruleMatches({ words: sql`r.words`, sentiment: sql`r.sentiment`, network: sql`r.network` })}
      order by c.id, r.created_at, r.id`),
  );
  if (rows.length === 0) return 0;
  // "Alert": the project's owner told of the comment, under the first such rule of each project.
  const alerts = new Map<string, { commentId: string; projectId: string; ruleName: string }>();
  for (const row of rows) {
    const key = `${row.comment_id}:${row.project_id}`;
    if (row.actions.includes('alert') && !alerts.has(key)) {
      alerts.set(key, { commentId: row.comment_id, projectId: row.project_id, ruleName: row.rule_name });
    }
  }
  const byComment = new Map<string, Match & { all: Set<RuleAction> }>();
  for (const row of rows) {
    const known = byComment.get(row.comment_id);
    if (known) row.actions.forEach((action) => known.all.add(action));
    else byComment.set(row.comment_id, { ...row, all: new Set(row.actions) });
  }
  const matches = [...byComment.values()];
  // Hidden at the network where it can be, by a job of its own (HIDE_BY_RULE), so a provider's
  // answer never holds the ingestion back: the comment says "hidden" once the network did it.
  // Without a queue (a script, a test's direct call) it is done here. Elsewhere the mark is ours.
  const atNetwork = matches.filter(
    (match) => match.all.has('hide') && match.account_id !== null && ACTED_ON_AT_PROVIDER_KINDS.includes(match.kind),
  );
  for (const match of atNetwork) match.all.delete('hide');
  const hiddenHere = deps.jobs ? { hidden: [], changed: [] } : await hideAtNetwork(deps, atNetwork);
  for (const match of hiddenHere.hidden) match.all.add('hide');
  const now = new Date(deps.clock ? deps.clock() : Date.now());
  const json = JSON.stringify(
    matches.map((match) => ({
      id: match.comment_id,
      rule_name: match.rule_name,
      actions: [...match.all],
      done: match.all.has('markDone'),
      hide: match.all.has('hide'),
      bookmark: match.all.has('bookmark'),
    })),
  );
  await deps.db.execute(sql`
    with m as (
      select * from jsonb_to_recordset(${json}::jsonb)
        as m(id uuid, rule_name text, actions jsonb, done boolean, hide boolean, bookmark boolean)
    )
    update comments c set
      rule_name = m.rule_name,
      rule_actions = array(select jsonb_array_elements_text(m.actions)),
      done_at = case when m.done and c.done_at is null then ${now.toISOString()}::timestamptz else c.done_at end,
      is_hidden = c.is_hidden or m.hide,
      is_bookmarked = c.is_bookmarked or m.bookmark
    from m where c.id = m.id`);
  // Told once the comments say what their rules did, so a list read again shows both.
  await tellHiddenChanged(deps, hiddenHere.changed);
  await notifyRuleMatches(deps, [...alerts.values()]);
  if (deps.jobs && atNetwork.length > 0) {
    const hides = [];
    for (let from = 0; from < atNetwork.length; from += HIDES_PER_JOB) {
      hides.push({
        data: { commentIds: atNetwork.slice(from, from + HIDES_PER_JOB).map((match) => match.comment_id) },
      });
    }
    await deps.jobs.sendEach(HIDE_BY_RULE, hides);
  }
  // The owners' inbox counts and open lists follow what the rules did.
  await tellInboxChanged(deps, matches);
  return matches.length;
}

/** Tells each owner of `matches` once, with how many of theirs the rules changed. */
async function tellInboxChanged(deps: RuleDeps, matches: Array<{ owner_id: string }>): Promise<void> {
  if (!deps.publisher) return;
  const byOwner = new Map<string, number>();
  for (const match of matches) byOwner.set(match.owner_id, (byOwner.get(match.owner_id) ?? 0) + 1);
  for (const [ownerId, updated] of byOwner) {
    await deps.publisher.toUser(ownerId, INBOX_CHANGED, { updated }).catch((error: unknown) => {
      deps.log.warn({ event: INBOX_CHANGED, err: safeError(error) }, 'real-time event not published');
    });
  }
}

/**
 * Hides matched comments at the network where their channel came with an authorised account of a
 * kind the network hides for, one call to the network each, each marked hidden for every follower
 * of the page as soon as the network said yes. Answers the ones now hidden; a refusal (the
 * account to reconnect, the comment gone) is logged and leaves that one shown. A match the network does not hide for is the app's own mark (the caller's), so it is
 * answered as hidden. The owners are the caller's to tell (`tellHiddenChanged`), once it has
 * written what the rules did: told sooner, an open list would read the comment again without it.
 */
async function hideAtNetwork<M extends Match>(
  deps: RuleDeps,
  matches: M[],
): Promise<{ hidden: M[]; changed: HiddenChanged }> {
  const local = matches.filter((match) => !match.account_id || !ACTED_ON_AT_PROVIDER_KINDS.includes(match.kind));
  const remote = matches.filter((match) => !local.includes(match));
  const { adapters, encryption, clock } = deps;
  if (remote.length === 0 || !adapters || !encryption || !clock) return { hidden: local, changed: [] };
  const accountIds = [...new Set(remote.map((match) => match.account_id!))];
  const accounts = new Map(
    (await deps.db.select().from(connectedAccounts).where(inArray(connectedAccounts.id, accountIds))).map((account) => [
      account.id,
      account,
    ]),
  );
  const hidden: M[] = [];
  const changed: HiddenChanged = [];
  for (const match of remote) {
    const account = accounts.get(match.account_id!);
    if (!account || account.status !== 'authorized') continue;
    try {
      await actAtProvider({ ...deps, adapters, encryption, clock }, account, match.kind, match.external_id, {
        hide: true,
      });
    } catch (error) {
      deps.log.warn({ channelId: match.channel_id, err: safeError(error) }, 'rule: hide not applied');
      continue;
    }
    // Marked at once, before the next call: the network's own webhook for this hide, sent as it
    // answered, is taken in while the others are hidden, and must find it done (a change of ours,
    // not a second event that reloads the owner's open lists). The owners are told once, after.
    changed.push(
      ...(await markHidden(deps, [
        {
          on: { kind: match.kind, externalId: match.channel_external_id },
          externalId: match.external_id,
          hidden: true,
        },
      ])),
    );
    hidden.push(match);
  }
  return { hidden: [...local, ...hidden], changed };
}

/** A job's comments to hide: an ingestion's matches together (one id, as jobs once named, too). */
const HideJobSchema = z.union([
  z.object({ commentIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(HIDES_PER_JOB)) }),
  z.pipe(
    z.object({ commentId: z.uuid() }),
    z.transform(({ commentId }) => ({ commentIds: [commentId] })),
  ),
]);

/**
 * Runs the rules' hides (HIDE_BY_RULE): an ingestion's matches in one job, hidden at the network
 * one after another, each marked for every follower of its page as the network said yes, then
 * "hide" added to what their rules did, in one statement; one event a user. A refusal (the
 * account to reconnect, the comment gone) leaves that comment shown and is logged; it is not tried
 * again. One job at a time, a burst's hides trail its ingestion rather than compete with it: per
 * comment, the queue's own writes (store, fetch, complete) cost more than the hide.
 */
export function workRuleHides(jobs: JobQueue, deps: RuleDeps): void {
  jobs.work(
    HIDE_BY_RULE,
    async (data: unknown) => {
      const parsed = HideJobSchema.safeParse(data);
      if (!parsed.success) return;
      const matches = rowsOf<Match>(
        await deps.db.execute(sql`
          select c.id as comment_id, c.external_id, c.channel_id, ch.kind, ch.external_id as channel_external_id,
                 ch.account_id, ch.owner_id, null as project_id, c.rule_name, '{}'::text[] as actions
          from comments c join channels ch on ch.id = c.channel_id
          where c.id in (select jsonb_array_elements_text(${JSON.stringify(parsed.data.commentIds)}::jsonb)::uuid)`),
      );
      const { hidden, changed } = await hideAtNetwork(deps, matches);
      if (hidden.length === 0) return;
      await deps.db.execute(sql`
        update comments set rule_actions = array_append(rule_actions, 'hide')
        where id in (select jsonb_array_elements_text(${JSON.stringify(hidden.map((match) => match.comment_id))}::jsonb)::uuid)
          and not ('hide' = any(coalesce(rule_actions, '{}')))`);
      await tellHiddenChanged(deps, changed);
      await tellInboxChanged(deps, hidden);
    },
    { batchSize: 1, pollingIntervalSeconds: 1, retryLimit: 0, expireInSeconds: 300 },
  );
}
