import { and, asc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { ChannelKind, JobFailureReason, Provider } from '../../contract/fields';
import type { Database } from '../db/client';
import { channels, connectedAccounts, type ChannelRow, type ConnectedAccountRow } from '../db/schema';

/**
 * The connected accounts' rows (decision 025). Every statement names the owner, so one user's id
 * never reaches another's account: a wrong owner is "not found".
 */

export async function listAccounts(db: Database, ownerId: string, provider: Provider) {
  const accounts = await db
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.ownerId, ownerId), eq(connectedAccounts.provider, provider)))
    .orderBy(asc(connectedAccounts.createdAt), asc(connectedAccounts.id));
  return withChannels(db, accounts);
}

export async function findAccount(db: Database, ownerId: string, provider: Provider, id: string) {
  const [account] = await db
    .select()
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.id, id),
        eq(connectedAccounts.ownerId, ownerId),
        eq(connectedAccounts.provider, provider),
      ),
    );
  return account;
}

export type AccountWithChannels = ConnectedAccountRow & { channels: ChannelRow[] };

/** The accounts with the channels each brought, in one more query. */
export async function withChannels(db: Database, accounts: ConnectedAccountRow[]): Promise<AccountWithChannels[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .select()
    .from(channels)
    .where(
      inArray(
        channels.accountId,
        accounts.map((account) => account.id),
      ),
    )
    .orderBy(asc(channels.name), asc(channels.id));
  return accounts.map((account) => ({ ...account, channels: rows.filter((row) => row.accountId === account.id) }));
}

export type AccountTokens = {
  accessToken: string;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  grantedScopes: string[];
};

/**
 * Stores an account after a round trip: a new row, or the same row re-authorised in place when
 * the owner already has this provider account (the unique index on owner, provider and the
 * provider's id makes the upsert exact). The first account of a provider becomes primary; the
 * owner's accounts of that provider are locked meanwhile, so two connections at once cannot both
 * be first.
 */
export async function upsertAccount(
  db: Database,
  owner: { ownerId: string; provider: Provider },
  account: { externalId: string; name: string } & AccountTokens,
  now: Date,
): Promise<{ row: ConnectedAccountRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: connectedAccounts.id, externalId: connectedAccounts.externalId })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.ownerId, owner.ownerId), eq(connectedAccounts.provider, owner.provider)))
      .for('update');
    const created = !existing.some((row) => row.externalId === account.externalId);
    const [row] = await tx
      .insert(connectedAccounts)
      .values({
        ...owner,
        ...account,
        status: 'authorized',
        isPrimary: existing.length === 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [connectedAccounts.ownerId, connectedAccounts.provider, connectedAccounts.externalId],
        set: {
          name: account.name,
          accessToken: account.accessToken,
          refreshToken: sql`coalesce(excluded.refresh_token, ${connectedAccounts.refreshToken})`,
          tokenExpiresAt: account.tokenExpiresAt,
          grantedScopes: account.grantedScopes,
          status: 'authorized',
          updatedAt: now,
        },
      })
      .returning();
    return { row: row!, created };
  });
}

/** The kinds whose fetch was just queued: the account is fetching until each is done (an earlier failure is past). */
export async function markChannelsPending(db: Database, id: string, kinds: readonly ChannelKind[]) {
  await db
    .update(connectedAccounts)
    .set({ channelsPending: [...kinds], fetchFailure: null, fetchFailedAt: null })
    .where(eq(connectedAccounts.id, id));
}

/** One kind's fetch stopped short, and why: no longer pending, and said until the next fetch. */
export async function markFetchFailed(
  db: Database,
  id: string,
  kind: ChannelKind,
  reason: JobFailureReason,
  now: Date,
) {
  const [row] = await db
    .update(connectedAccounts)
    .set({
      channelsPending: sql`array_remove(${connectedAccounts.channelsPending}, ${kind})`,
      fetchFailure: reason,
      fetchFailedAt: now,
    })
    .where(eq(connectedAccounts.id, id))
    .returning();
  return row;
}

/** Every kind was fetched again now (the screen's refresh): an earlier failure is past. */
export async function clearFetchFailure(db: Database, id: string) {
  await db
    .update(connectedAccounts)
    .set({ fetchFailure: null, fetchFailedAt: null })
    .where(eq(connectedAccounts.id, id));
}

/** One kind's fetch is over (done, or given up): no longer pending. */
export async function clearChannelPending(db: Database, id: string, kind: ChannelKind) {
  await db
    .update(connectedAccounts)
    .set({ channelsPending: sql`array_remove(${connectedAccounts.channelsPending}, ${kind})` })
    .where(eq(connectedAccounts.id, id));
}

/** New tokens for an account (a refreshed LinkedIn token): it works again. */
export async function saveTokens(db: Database, id: string, tokens: Omit<AccountTokens, 'grantedScopes'>, now: Date) {
  await db
    .update(connectedAccounts)
    .set({ ...tokens, status: 'authorized', updatedAt: now })
    .where(eq(connectedAccounts.id, id));
}

/** The provider stopped taking the account's token: it needs reconnecting (it is not deleted). */
export async function markNeedsReconnect(db: Database, id: string, now: Date) {
  await db
    .update(connectedAccounts)
    .set({ status: 'needs_reconnect', updatedAt: now })
    .where(eq(connectedAccounts.id, id));
}

/**
 * Makes one account the primary of its provider. The owner's accounts of that provider are locked
 * first, so two calls at once end with one primary (the later), never none or two.
 */
export async function makePrimary(db: Database, account: ConnectedAccountRow, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: connectedAccounts.id })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.ownerId, account.ownerId), eq(connectedAccounts.provider, account.provider)))
      .for('update');
    await tx
      .update(connectedAccounts)
      .set({ isPrimary: false, updatedAt: now })
      .where(
        and(
          eq(connectedAccounts.ownerId, account.ownerId),
          eq(connectedAccounts.provider, account.provider),
          eq(connectedAccounts.isPrimary, true),
        ),
      );
    await tx
      .update(connectedAccounts)
      .set({ isPrimary: true, updatedAt: now })
      .where(eq(connectedAccounts.id, account.id));
  });
}

/**
 * Deletes an account, with its channels and their comments (the foreign keys cascade). When it
 * was the primary one, the oldest other of that provider becomes primary, in the same transaction.
 */
export async function deleteConnectedAccount(db: Database, account: ConnectedAccountRow, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const siblings = await tx
      .select({ id: connectedAccounts.id })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.ownerId, account.ownerId), eq(connectedAccounts.provider, account.provider)))
      .orderBy(asc(connectedAccounts.createdAt), asc(connectedAccounts.id))
      .for('update');
    const [deleted] = await tx
      .delete(connectedAccounts)
      .where(and(eq(connectedAccounts.id, account.id), eq(connectedAccounts.ownerId, account.ownerId)))
      .returning({ isPrimary: connectedAccounts.isPrimary });
    if (!deleted) return false;
    const next = siblings.find((row) => row.id !== account.id);
    if (deleted.isPrimary && next) {
      await tx
        .update(connectedAccounts)
        .set({ isPrimary: true, updatedAt: now })
        .where(eq(connectedAccounts.id, next.id));
    }
    return true;
  });
}

/**
 * What the provider lists now for one kind of channel of an account: each upserted (a page that
 * moved from another of the owner's accounts comes to this one), and the account's channels of
 * that kind it no longer lists removed (the person lost access to them at the provider). Answers
 * the kept rows, each saying whether the user gained it now (`isNew`: what the app announces).
 */
export async function replaceChannels(
  db: Database,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  listed: Array<{ externalId: string; name: string }>,
  now: Date,
): Promise<Array<ChannelRow & { isNew: boolean }>> {
  return db.transaction(async (tx) => {
    const kept =
      listed.length === 0
        ? []
        : await tx
            .insert(channels)
            .values(listed.map((each) => ({ ...each, ownerId: account.ownerId, kind, accountId: account.id })))
            .onConflictDoUpdate({
              target: [channels.ownerId, channels.kind, channels.externalId],
              set: { name: sql`excluded.name`, accountId: account.id },
            })
            // A row the insert created has no deleting transaction (xmax 0); an updated one has
            // this one's: whether the user gained the channel now or already had it.
            .returning({ ...getTableColumns(channels), isNew: sql<boolean>`(xmax = 0)` });
    await tx.delete(channels).where(
      and(
        eq(channels.accountId, account.id),
        eq(channels.kind, kind),
        kept.length === 0
          ? undefined
          : notInArray(
              channels.id,
              kept.map((row) => row.id),
            ),
      ),
    );
    await tx
      .update(connectedAccounts)
      .set({
        channelsFetchedAt: now,
        channelsPending: sql`array_remove(${connectedAccounts.channelsPending}, ${kind})`,
      })
      .where(eq(connectedAccounts.id, account.id));
    return kept;
  });
}
