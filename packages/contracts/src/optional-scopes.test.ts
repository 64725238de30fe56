import { describe, expect, it } from 'vitest';
import { missingFeature, missingFeatures, OPTIONAL_FEATURES } from './optional-scopes';

describe('optional feature scopes', () => {
  it('names each optional feature a grant lacks, in words that follow "Reconnect to allow"', () => {
    expect(missingFeatures('reddit', ['identity', 'submit', 'read', 'history'])).toEqual([
      { feature: 'flair', scope: 'flair', label: 'choosing a flair' },
      { feature: 'communities', scope: 'mysubreddits', label: 'suggesting your communities' },
    ]);
    expect(missingFeatures('tiktok', ['user.info.basic', 'video.publish', 'video.list'])).toEqual([
      { feature: 'username', scope: 'user.info.profile', label: 'showing your @username' },
    ]);
  });

  it('reports nothing for a full grant, nor a scope Fanout does not ask for yet', () => {
    expect(missingFeatures('reddit', ['identity', 'submit', 'flair', 'mysubreddits'])).toEqual([]);
    expect(missingFeatures('youtube', ['https://www.googleapis.com/auth/youtube.upload'])).toEqual([]);
    expect(OPTIONAL_FEATURES.find((f) => f.scope.endsWith('youtube.force-ssl'))?.asked).toBe(false);
  });

  it('finds one feature on a connection', () => {
    const connection = { missingFeatures: missingFeatures('reddit', ['submit']) };
    expect(missingFeature(connection, 'flair')?.label).toBe('choosing a flair');
    expect(missingFeature(connection, 'username')).toBeUndefined();
    expect(missingFeature(undefined, 'flair')).toBeUndefined();
  });
});
