import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as sandboxDev from '../../contract/sandbox/dev';
import { metaPayload, signRequest } from '../facebook-deletion/signed-request';
import type { AppEnv, Services } from '../http/context';
import { fieldError } from '../http/errors';
import { reply, route } from '../http/operation';
import { MemoryMailer } from '../mail/mailer';
import { outboxPage, OUTBOX_CONTENT_SECURITY_POLICY } from './outbox-page';
import { presentUser } from '../users/presenters';
import { deleteUser as deleteUserRow, findUserById, insertUser } from '../users/queries';
import { channels, comments } from '../db/schema';
import { notFound } from '../http/errors';

const DEFAULT_PASSWORD = 'Passw0rd!';

/**
 * Helpers for tests and local development (contract/sandbox/dev.ts). Mounted only when
 * config.devEndpoints is on; they create accounts without checks and expose sent mail.
 */
export function devRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  if (s.mailer instanceof MemoryMailer) {
    const mailbox = s.mailer;
    route(routes, s, sandboxDev.listMail, (c, { query }) =>
      reply(c, sandboxDev.listMail, 200, { data: mailbox.list(query.to) }),
    );
    // For a person: the same mail as a page. HTML, so it is answered directly, not by reply().
    route(routes, s, sandboxDev.showOutbox, (c, { query }) =>
      c.html(outboxPage(mailbox.list(query.to), query.to), 200, {
        'Content-Security-Policy': OUTBOX_CONTENT_SECURITY_POLICY,
      }),
    );
    route(routes, s, sandboxDev.clearMail, (c) => {
      mailbox.clear();
      return reply(c, sandboxDev.clearMail, 204);
    });
  }

  route(routes, s, sandboxDev.createUser, async (c, { body }) => {
    const password = body.password ?? DEFAULT_PASSWORD;
    const user = await insertUser(s.db, {
      firstName: body.firstName ?? 'Test',
      lastName: body.lastName ?? 'User',
      email: body.email ?? `user-${randomBytes(6).toString('hex')}@example.test`,
      passwordHash: await s.passwords.hash(password),
      role: body.role,
      language: body.language,
      plan: body.plan,
    });
    if (!user) throw fieldError('email', 'taken');
    return reply(c, sandboxDev.createUser, 201, { user: await presentUser(s.db, user), password });
  });

  route(routes, s, sandboxDev.deleteUser, async (c, { params }) => {
    await deleteUserRow(s.db, params.id);
    return reply(c, sandboxDev.deleteUser, 204);
  });

  route(routes, s, sandboxDev.createComments, async (c, { body }) => {
    if (!(await findUserById(s.db, body.ownerId))) throw notFound();
    const now = s.clock();
    const made = await s.db.transaction(async (tx) => {
      const [channel] = await tx
        .insert(channels)
        .values({
          ownerId: body.ownerId,
          kind: body.channel?.kind ?? 'facebook-page',
          externalId: `dev-${randomBytes(8).toString('hex')}`,
          name: body.channel?.name ?? 'Test channel',
        })
        .returning({ id: channels.id });
      const rows = await tx
        .insert(comments)
        .values(
          body.comments.map((comment, n) => {
            const sentiment = comment.sentiment ?? 'NEUTRAL';
            const inReview = comment.inReview ?? false;
            return {
              channelId: channel.id,
              externalId: `dev-${n}`,
              message: comment.message,
              authorName: comment.authorName,
              sentiment,
              inReview,
              // In review needs a proposal (the table's check): one is made up when none is given.
              proposedSentiment: comment.proposedSentiment ?? (inReview ? sentiment : null),
              // Newest first, a minute apart, unless given.
              publishedAt: new Date(comment.publishedAt ?? now - n * 60_000),
              isBookmarked: comment.isBookmarked ?? false,
              isHidden: comment.isHidden ?? false,
              channelReplyCount: comment.channelReplyCount ?? 0,
            };
          }),
        )
        .returning({ id: comments.id, externalId: comments.externalId });
      // `returning` keeps no promised order: put the ids back in the order given.
      const ids = new Map(rows.map((row) => [row.externalId, row.id]));
      return { channel, comments: body.comments.map((_, n) => ({ id: ids.get(`dev-${n}`)! })) };
    });
    return reply(c, sandboxDev.createComments, 201, made);
  });

  route(routes, s, sandboxDev.resetRateLimits, async (c) => {
    // Awaited: the counters live in the database, shared by every instance.
    await s.rateLimiter.reset();
    return reply(c, sandboxDev.resetRateLimits, 204);
  });

  // Meta's side of the data-deletion callback, with this server's secret: the callback can be
  // tried, and tested end to end, without a Meta app.
  route(routes, s, sandboxDev.signFacebookRequest, (c, { body }) =>
    reply(c, sandboxDev.signFacebookRequest, 200, {
      signed_request: signRequest(metaPayload(body.user_id, new Date(s.clock())), s.config.facebookAppSecret),
    }),
  );

  return routes;
}
