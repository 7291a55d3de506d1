// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '~/test/render';
import { ReviewActionsBar } from './review-actions';

const bar = (over: {
  total: number;
  totalIsAtLeast?: boolean;
  offerAllMatching?: boolean;
  selectionCount?: number;
}) => (
  <ReviewActionsBar
    selectionCount={0}
    offerAllMatching={false}
    reviewable
    editable={false}
    pending={false}
    onChoose={() => {}}
    onEdit={() => {}}
    onSelectAllMatching={() => {}}
    onClear={() => {}}
    {...over}
  />
);
const buttons = (container: HTMLElement) => [...container.querySelectorAll('button')].map((each) => each.textContent);

describe('the review actions bar', () => {
  it('says the count, and offers every matching comment once the loaded ones are selected', async () => {
    const container = await render(bar({ total: 1234, offerAllMatching: true, selectionCount: 50 }));
    expect(buttons(container)).toContain('Select all 1,234 matching comments');
    const counted = await render(bar({ total: 1234 }));
    expect(counted.textContent).toContain('1,234 comments');
  });

  it('where counting stopped short, says "more than" and asks to narrow the filters instead of offering them all', async () => {
    const container = await render(bar({ total: 1_000, totalIsAtLeast: true }));
    expect(container.textContent).toContain('More than 1,000 comments');
    const offered = await render(
      bar({ total: 1_000, totalIsAtLeast: true, offerAllMatching: true, selectionCount: 50 }),
    );
    expect(buttons(offered).some((text) => text?.includes('matching'))).toBe(false);
    expect(offered.textContent).toContain('More than 1,000 match: narrow the filters to select them all at once');
  });
});
