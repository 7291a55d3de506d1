import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE, SECRET, signedInOwner, waitForTotal } from './bench-ingest';
import { startBenchServer } from './bench-server';

/**
 * Inbox rules under a burst (docs/decisions/065), for `npm run bench -- --rules`: one API on PGlite
 * in a folder, as `npm start` runs it, a user whose project follows the sandbox's page; bursts of
 * 10,000 new comments said on the page (each delivered to the app as Meta's signed webhook), 32 at
 * a time, timed from the first send to the last comment counted on the project. Without rules, then with five rules
 * on the project (one of them, matching one comment in ten, hides it on the sandbox's page and
 * marks it done), then the same in the other order: the slowdown is the rules' whole cost, the
 * network calls of their hides included (and the sandbox's own side of them, which runs in the
 * same process and on the same database here, as Facebook's would not).
 */
const BURST = 10_000;
const SENDERS = 32;

/** The same rules, none hiding: what matching and marking cost alone. */
const LOCAL_RULES = () =>
  RULES.map((rule) => ({ ...rule, actions: rule.actions.filter((action) => action !== 'hide') }));

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

/**
 * Says `count` comments on the sandbox's page through its own controls (`/dev/sandbox/comments`),
 * `SENDERS` at a time: each is on the page, so a rule's hide there succeeds as it would on
 * Facebook, and is delivered to the app's webhook as Meta delivers it.
 */
async function send(origin: string, from: number, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < count) {
        const n = from + next++;
        const body = JSON.stringify({ channelId: PAGE, authorName: 'Bench Person', message: messageOf(n) });
        for (let tries = 0; tries < 5; tries++) {
          const answer = await fetch(`${origin}/dev/sandbox/comments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }).catch(() => undefined);
          const delivered = answer ? ((await answer.json()) as { delivery?: { outcome?: string } }) : undefined;
          if (delivered?.delivery?.outcome === 'delivered') break;
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
    const setRules = async (on: boolean, rules = RULES) => {
      const listed = (await (await fetch(`${origin}/v1.0/projects/${projectId}/rules`, { headers })).json()) as {
        data: Array<{ id: string }>;
      };
      for (const rule of listed.data) {
        await fetch(`${origin}/v1.0/projects/${projectId}/rules/${rule.id}`, { method: 'DELETE', headers });
      }
      if (!on) return;
      for (const rule of rules) {
        const made = await fetch(`${origin}/v1.0/projects/${projectId}/rules`, {
          method: 'POST',
          headers,
          body: JSON.stringify(rule),
        });
        if (made.status !== 201) throw new Error(`rule answered ${made.status}`);
      }
    };
    /** How many of the project's comments are hidden (an exact count: comment_days keeps it). */
    const hiddenNow = async () =>
      (
        (await (await fetch(`${origin}/v1.0/projects/${projectId}/comments?isHidden=true`, { headers })).json()) as {
          meta: { total: number };
        }
      ).meta.total;
    /**
     * The hides trail the burst (their own job, one at a time): waited for before the next burst,
     * so none of their cost falls on another arm's figure; how long after the last comment they
     * were all done is said apart.
     */
    const trailing: number[] = [];
    const waitForHides = async (before: number) => {
      const start = performance.now();
      const wanted = before + BURST / 10;
      while ((await hiddenNow()) < wanted) {
        if (performance.now() - start > 300_000) throw new Error('the hides did not all finish in 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      trailing.push((performance.now() - start) / 1000);
    };
    const without: number[] = [];
    const withRules: number[] = [];
    const withLocal: number[] = [];
    const arms = [
      async () => {
        await setRules(false);
        without.push(await burst());
      },
      async () => {
        await setRules(true, LOCAL_RULES());
        withLocal.push(await burst());
      },
      async () => {
        await setRules(true);
        const before = await hiddenNow();
        withRules.push(await burst());
        await waitForHides(before);
      },
    ];
    // Each burst lands on a larger database than the one before, and comes in more slowly: the
    // arms run in one order, then in the other (A B C C B A), so that each arm's two bursts sit,
    // on average, at the same place in the run and none pays for coming last.
    for (const arm of [...arms, ...arms.toReversed()]) await arm();
    // What the rules did, read back: every tenth comment hidden and done.
    const hidden = { meta: { total: await hiddenNow() } };
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const slowdown = 1 - mean(withRules) / mean(without);
    const localSlowdown = 1 - mean(withLocal) / mean(without);
    return [
      `bursts of ${BURST.toLocaleString('en')} comments, ${SENDERS} deliveries at a time, PGlite:`,
      `  without rules: ${without.map((value) => value.toFixed(0)).join(', ')} comments/s`,
      `  with ${RULES.length} rules marking only (1 in 10 done): ${withLocal.map((value) => value.toFixed(0)).join(', ')} comments/s (${Math.abs(localSlowdown * 100).toFixed(1)} % ${localSlowdown >= 0 ? 'slower' : 'faster'})`,
      `  with ${RULES.length} rules (1 in 10 hidden on the page and done): ${withRules.map((value) => value.toFixed(0)).join(', ')} comments/s`,
      `  slowdown: ${(slowdown * 100).toFixed(1)} % (goal ≤ 10 %); comments hidden by the rule: ${hidden.meta.total.toLocaleString('en')}`,
      `  the hides all done, after the burst's last comment: ${trailing.map((value) => `${value.toFixed(1)} s`).join(', ')}`,
    ];
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
