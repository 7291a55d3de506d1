import { describe, expect, it } from 'vitest';
import { describeListenProblem } from './listen-problems';

describe('describeListenProblem', () => {
  it('names the taken port and how to choose another', () => {
    const line = describeListenProblem(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), 3000);
    expect(line).toMatch(/^Port 3000 is already in use/);
    expect(line).toContain('PORT=8080 npm start');
    expect(line).not.toContain('\n');
  });

  it('says a privileged port needs another', () => {
    expect(describeListenProblem({ code: 'EACCES' }, 80)).toMatch(/^Port 80 needs privileges/);
  });

  it('leaves anything else to be thrown as it is', () => {
    expect(describeListenProblem(new Error('boom'), 3000)).toBeUndefined();
    expect(describeListenProblem(undefined, 3000)).toBeUndefined();
  });
});
