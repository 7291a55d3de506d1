/**
 * Classifies text as the API does (docs/decisions/047): one text a line on standard input, one
 * line out for each: the sentiment, a tab, the confidence (0 to 1), a tab, and what a comment
 * with that text would get at the model's thresholds for its language, or SENTIMENT_THRESHOLD
 * where set (decisions 048, 058): `auto`, the proposal is its sentiment (one in twenty of those is
 * shown to a reviewer too), or `review`, it waits for an admin. With DATABASE_URL, the model
 * in use there (one trained from the reviews, decision 049); else the one the repository carries.
 * (A PGlite folder belongs to the server that has it open, so it is not read here.)
 *
 *   echo "non è male" | npm run --silent classify
 */
import { createInterface } from 'node:readline';
import { parseConfig } from '../server/config';
import { classifyWith } from '../server/sentiment/classifier';
import { standsAlone, thresholdOf } from '../server/sentiment/judge';
import type { JudgingModel } from '../server/sentiment/model-file';
import { loadBundledModel } from '../server/sentiment/training';

/** The model a database holds; its client is loaded only here (most runs never need it). */
async function modelInUse(databaseUrl: string): Promise<JudgingModel> {
  const [{ createDatabase }, { SentimentModels }] = await Promise.all([
    import('../server/db/client'),
    import('../server/sentiment/retraining'),
  ]);
  const database = await createDatabase({ databaseUrl, dataDir: '' });
  try {
    const models = new SentimentModels(database.db);
    const id = await models.refresh();
    process.stderr.write(id ? `the model in use: trained here (${id})\n` : 'the model in use: the carried one\n');
    return models.inUse();
  } finally {
    await database.close();
  }
}

// The threshold alone, read and checked as the API reads it: the rest of the environment is no
// business of this command.
const { sentimentThreshold } = parseConfig({ SENTIMENT_THRESHOLD: process.env.SENTIMENT_THRESHOLD });
const model = process.env.DATABASE_URL ? await modelInUse(process.env.DATABASE_URL) : loadBundledModel();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const proposal = classifyWith(model, line);
  const route = standsAlone(proposal, thresholdOf(model, proposal, sentimentThreshold)) ? 'auto' : 'review';
  process.stdout.write(`${proposal.sentiment}\t${proposal.confidence.toFixed(3)}\t${route}\n`);
}
