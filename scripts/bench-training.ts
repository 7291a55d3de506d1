import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageFeedDelivery, type FeedCommentChange } from '../server/webhooks/meta-deliveries';
import { PAGE, post, SECRET, signedInOwner, timeGets, waitForTotal } from './bench-ingest';
import { startBenchServer } from './bench-server';

/**
 * A training on the reviews while the API answers (`npm run bench -- --sentiment`; docs/decisions
 * /058): one API instance as `npm start` runs it, on PGlite in a folder, whose sandbox page gets
 * `count` comments of `length` characters through signed webhook deliveries (100 a delivery), all
 * left to the review (SENTIMENT_THRESHOLD=1), which the demo admin then reviews: a third each
 * POSITIVE, NEUTRAL and NEGATIVE. Then "Train now", with `/v1.0/health` asked one call after
 * another until the panel shows the training ended: how long it took, and how the API answered.
 */
const json = { 'content-type': 'application/json' };
const MARKS = ['zzneg', 'zzneu', 'zzpos'] as const;
const SENTIMENTS = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'] as const;
const WORDS = [
  ['freddo', 'lento', 'awful', 'rude', 'pessimo', 'cold', 'wrong', 'never'],
  ['orari', 'domenica', 'menu', 'booking', 'table', 'parking', 'open', 'quando'],
  ['ottimo', 'buonissimo', 'lovely', 'great', 'friendly', 'perfetto', 'best', 'grazie'],
];

/** `length` characters of comment `n`: its label's mark first, then words of that label and of the others. */
function commentText(n: number, length: number) {
  const label = n % 3;
  let state = n + 1;
  let text = `${MARKS[label]} `;
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const from = state % 4 === 0 ? (state >> 3) % 3 : label;
    text += `${WORDS[from]![(state >> 5) % 8]} ${state % 97} `;
  }
  return text.slice(0, length);
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

export async function trainingFigures(port: number, { count = 5000, length = 8000 } = {}): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-training-'));
  const server = await startBenchServer(
    port,
    {
      DATA_DIR: folder,
      NODE_ENV: 'test',
      FACEBOOK_APP_SECRET: SECRET,
      COMMENT_SYNC_MINUTES: '0',
      SENTIMENT_THRESHOLD: '1',
      SENTIMENT_RETRAIN_HOURS: '0',
    },
    { name: 'the training API' },
  );
  try {
    const { origin } = server;
    const owner = await signedInOwner(origin);
    // The demo's own comments are on this project too: the training waits for every one of the
    // bench's, not for as many in all, or the last of them are still being judged (on the API's
    // thread, 8,000 characters each) while the training runs, and their pauses count as its own.
    const before = (await waitForTotal(origin, owner.headers, owner.projectId, 0)).now;
    const bodies = Array.from({ length: count / 100 }, (_, d) =>
      JSON.stringify(
        pageFeedDelivery(
          PAGE,
          Array.from({ length: 100 }, (_, c): FeedCommentChange => {
            const n = d * 100 + c;
            return {
              verb: 'add',
              commentId: `${PAGE}_train${n}`,
              time: 1_800_000_000 + n,
              createdTime: 1_800_000_000 + n,
              message: commentText(n, length),
              from: { id: '9001', name: 'Bench Person' },
            };
          }),
        ),
      ),
    );
    for (const body of bodies) {
      const status = await post(origin, body);
      if (status !== 200) throw new Error(`a delivery answered ${status}`);
    }
    const arrived = await waitForTotal(origin, owner.headers, owner.projectId, before + count, 600_000);
    if (arrived.now < before + count) throw new Error(`${arrived.now - before} of ${count} comments arrived`);
    server.alive();

    const login = await fetch(`${origin}/v1.0/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin1234' }),
    });
    const admin = {
      ...json,
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    for (const [n, mark] of MARKS.entries()) {
      // The comments of each mark, as made above: a filter by words is counted only up to 1,000
      // (meta.totalIsAtLeast), and a third of 5,000 is more.
      const total = Array.from({ length: count }, (_, c) => c).filter((c) => c % 3 === n).length;
      const reviewed = await fetch(`${origin}/v1.0/comments/review-matching`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          filter: { message: mark },
          action: 'set',
          sentiment: SENTIMENTS[n],
          expectedTotal: total,
        }),
      });
      if (reviewed.status !== 200) throw new Error(`reviewing ${mark} answered ${reviewed.status}`);
    }
    const panel = async () =>
      (await (await fetch(`${origin}/v1.0/sentiment-model`, { headers: admin })).json()) as {
        reviewedComments: number;
        training: { state: string };
        lastTraining: null | {
          trainedAt: string;
          decision: string;
          heldOut: number;
          score: number;
          previousScore: number;
        };
      };
    const reviewed = (await panel()).reviewedComments;

    const started = performance.now();
    const asked = await fetch(`${origin}/v1.0/sentiment-model/trainings`, { method: 'POST', headers: admin });
    if (asked.status !== 202) throw new Error(`Train now answered ${asked.status}`);
    const ended = (async () => {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        server.alive();
        const now = await panel();
        if (now.lastTraining && now.training.state !== 'running' && now.training.state !== 'queued') return now;
      }
    })();
    const health = await timeGets(origin, '/v1.0/health', {}, ended);
    const done = await ended;
    const seconds = (performance.now() - started) / 1000;
    const last = done.lastTraining!;
    return [
      `a training on ${reviewed.toLocaleString('en')} reviews of ${length.toLocaleString('en')} characters (PGlite, one instance)`,
      `  Train now → the panel shows it ended   ${seconds.toFixed(1)} s (${last.heldOut} held out: ${last.score.toFixed(1)} against ${last.previousScore.toFixed(1)}, ${last.decision})`,
      `  /v1.0/health meanwhile                 p50 ${percentile(health, 0.5).toFixed(0)} / p99 ${percentile(health, 0.99).toFixed(0)} / max ${Math.max(...health).toFixed(0)} ms (n=${health.length}; goal p99 ≤ 100 ms)`,
    ];
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
