import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageFeedDelivery } from '../server/webhooks/meta-deliveries';
import { PAGE, post, SECRET, signedInOwner, waitForTotal } from './bench-ingest';
import { startBenchServer } from './bench-server';

/**
 * Inbox rules under a burst (docs/decisions/065), for `npm run bench -- --rules`: one API on PGlite
 * in a folder, as `npm start` runs it, a user whose project follows the sandbox's page; bursts of
 * 10,000 new comments through signed webhook deliveries, one comment each, 32 at a time, timed from
 * the first send to the last comment counted on the project. Without rules, then with five rules
 * on the project (one of them, matching one comment in ten, hides it on the sandbox's page and
 * marks it done), then both again: the slowdown is the rules' whole cost, the network calls of
 * their hides included.
 */
const BURST = 10_000;
const SENDERS = 32;

const RULES = [
  { name: 'Spam links', words: 'spam.example', actions: ['hide', 'markDone'] },
  { name: 'Refunds', words: 'refund, rimborso, cold coffee', actions: ['bookmark'] },
  { name: 'Unhappy', sentiment: 'NEGATIVE', words: 'never again', actions: ['bookmark'] },
  { name: 'Instagram', network: 'instagram', actions: ['markDone'] },
  { name: 'LinkedIn', network: 'linkedin', actions: ['bookmark'] },
];

/** Comment `n`'s words: one in ten carries a spam link. */
const messageOf = (n: number) =>
  n % 10 === 0 ? `Cheap followers at spam.example/${n}` : `Lovely place, comment number ${n}, see you soon`;

async function send(origin: string, from: number, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < count) {
        const n = from + next++;
        const body = JSON.stringify(
          pageFeedDelivery(PAGE, [
            {
              verb: 'add',
              commentId: `${PAGE}_rules${n}`,
              time: 1_800_000_000 + n,
              createdTime: 1_800_000_000 + n,
              message: messageOf(n),
              from: { id: '9001', name: 'Bench Person' },
            },
          ]),
        );
        for (let tries = 0; tries < 5 && (await post(origin, body).catch(() => 0)) !== 200; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }),
  );
}

export async function rulesFigures(port: number): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-rules-'));
  const server = await startBenchServer(
    port,
    { DATA_DIR: folder, NODE_ENV: 'test', FACEBOOK_APP_SECRET: SECRET, COMMENT_SYNC_MINUTES: '0' },
    { name: 'the rules API' },
  );
  try {
    const { origin } = server;
    const owner = await signedInOwner(origin);
    const { headers, projectId } = owner;
    let sent = 0;
    let expected = (await waitForTotal(origin, headers, projectId, 0)).now;
    /** One burst: comments a second, from the first send to the last one counted. */
    const burst = async () => {
      const start = performance.now();
      await send(origin, sent, BURST);
      sent += BURST;
      expected += BURST;
      const { now } = await waitForTotal(origin, headers, projectId, expected);
      if (now < expected) throw new Error(`only ${now} of ${expected} comments arrived`);
      return BURST / ((performance.now() - start) / 1000);
    };
    const setRules = async (on: boolean) => {
      const listed = (await (await fetch(`${origin}/v1.0/projects/${projectId}/rules`, { headers })).json()) as {
        data: Array<{ id: string }>;
      };
      for (const rule of listed.data) {
        await fetch(`${origin}/v1.0/projects/${projectId}/rules/${rule.id}`, { method: 'DELETE', headers });
      }
      if (!on) return;
      for (const rule of RULES) {
        const made = await fetch(`${origin}/v1.0/projects/${projectId}/rules`, {
          method: 'POST',
          headers,
          body: JSON.stringify(rule),
        });
        if (made.status !== 201) throw new Error(`rule answered ${made.status}`);
      }
    };
    const without: number[] = [];
    const withRules: number[] = [];
    for (let round = 0; round < 2; round++) {
      await setRules(false);
      without.push(await burst());
      await setRules(true);
      withRules.push(await burst());
    }
    // What the rules did, read back: every tenth comment hidden and done.
    const hidden = (await (
      await fetch(`${origin}/v1.0/projects/${projectId}/comments?isHidden=true`, { headers })
    ).json()) as { meta: { total: number } };
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const slowdown = 1 - mean(withRules) / mean(without);
    return [
      `bursts of ${BURST.toLocaleString('en')} comments, ${SENDERS} deliveries at a time, PGlite:`,
      `  without rules: ${without.map((value) => value.toFixed(0)).join(', ')} comments/s`,
      `  with ${RULES.length} rules (1 in 10 hidden on the page and done): ${withRules.map((value) => value.toFixed(0)).join(', ')} comments/s`,
      `  slowdown: ${(slowdown * 100).toFixed(1)} % (goal ≤ 10 %); comments hidden by the rule: ${hidden.meta.total.toLocaleString('en')}`,
    ];
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
