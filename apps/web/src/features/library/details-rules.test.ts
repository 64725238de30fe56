import { describe, expect, it } from 'vitest';
import { detailsBody, detailsRules, SELECT_PLATFORM_MESSAGE } from './details-rules';

describe('Add Video Details rules', () => {
  it('can save only with a title and at least one platform', () => {
    expect(detailsRules({ title: 'Trip', platforms: ['youtube'] }, 2).canSave).toBe(true);
    expect(detailsRules({ title: '  ', platforms: ['youtube'] }, 2).canSave).toBe(false);
    expect(detailsRules({ title: 'Trip', platforms: [] }, 2).canSave).toBe(false);
  });

  it('asks for a platform only when something is connected and nothing is selected', () => {
    expect(detailsRules({ title: 'Trip', platforms: [] }, 2).platformMessage).toBe(SELECT_PLATFORM_MESSAGE);
    expect(SELECT_PLATFORM_MESSAGE).toBe('Please select at least one platform');
    expect(detailsRules({ title: 'Trip', platforms: [] }, 0).platformMessage).toBeUndefined();
    expect(detailsRules({ title: 'Trip', platforms: ['x'] }, 2).platformMessage).toBeUndefined();
  });

  it("sends split tags, the trimmed title and status 'ready'", () => {
    const draft = {
      title: ' Trip ',
      description: 'Lisbon',
      tags: 'travel, , vlog ',
      platforms: ['x', 'reddit'] as const,
    };
    expect(detailsBody({ ...draft, platforms: [...draft.platforms] }, true)).toEqual({
      title: 'Trip',
      description: 'Lisbon',
      tags: ['travel', 'vlog'],
      platforms: ['x', 'reddit'],
      status: 'ready',
    });
    expect(detailsBody({ ...draft, platforms: [...draft.platforms] }, false)).not.toHaveProperty('status');
  });
});
