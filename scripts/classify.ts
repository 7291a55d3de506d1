/**
 * Classifies text as the API does (docs/decisions/047): one text a line on standard input, one
 * line out for each: the sentiment, a tab, the confidence (0 to 1). With DATABASE_URL, the model
 * in use there (one trained from the reviews, decision 049); else the one the repository carries.
 * (A PGlite folder belongs to the server that has it open, so it is not read here.)
 *
 *   echo "non è male" | npm run --silent classify
 */
import { createInterface } from 'node:readline';
import { createDatabase } from '../server/db/client';
import { classifyWith } from '../server/sentiment/classifier';
import type { Model } from '../server/sentiment/model';
import { SentimentModels } from '../server/sentiment/retraining';
import { loadBundledModel } from '../server/sentiment/training';

async function modelInUse(databaseUrl: string): Promise<Model> {
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

const model = process.env.DATABASE_URL ? await modelInUse(process.env.DATABASE_URL) : loadBundledModel();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const { sentiment, confidence } = classifyWith(model, line);
  process.stdout.write(`${sentiment}\t${confidence.toFixed(3)}\n`);
}
