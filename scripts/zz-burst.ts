import { burstOf, signedInOwner } from './bench-ingest';
const origin = 'http://localhost:3999';
await signedInOwner(origin);
const t = performance.now();
const { acked } = await burstOf(origin, 10_000, 500_000);
console.log('acked', acked, 'in', ((performance.now() - t) / 1000).toFixed(1), 's');
