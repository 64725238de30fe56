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

  it('reports nothing for a full grant', () => {
    expect(missingFeatures('reddit', ['identity', 'submit', 'flair', 'mysubreddits'])).toEqual([]);
    expect(OPTIONAL_FEATURES.every((f) => f.asked)).toBe(true);
  });

  it('names the first comment on the grants made before Fanout asked for its permission', () => {
    const comment = { feature: 'first_comment', label: 'posting a first comment' };
    expect(missingFeatures('youtube', ['https://www.googleapis.com/auth/youtube.upload'])).toEqual([
      { ...comment, scope: 'https://www.googleapis.com/auth/youtube.force-ssl' },
      // The same scope lets playlistItems.insert add the video to the channel's playlists.
      {
        feature: 'playlists',
        label: 'adding to playlists',
        scope: 'https://www.googleapis.com/auth/youtube.force-ssl',
      },
      { feature: 'captions', label: 'sending captions', scope: 'https://www.googleapis.com/auth/youtube.force-ssl' },
    ]);
    expect(missingFeatures('instagram', ['instagram_business_basic'])).toEqual([
      { ...comment, scope: 'instagram_business_manage_comments' },
    ]);
    expect(missingFeatures('facebook', ['pages_manage_posts'])).toEqual([
      { ...comment, scope: 'pages_manage_engagement' },
      // A Page video's thumbnail (Graph API Video Thumbnails) came later still.
      { feature: 'cover', label: 'setting a video’s thumbnail', scope: 'pages_read_user_content' },
    ]);
    // An X reply is a post (tweet.write) and a Reddit comment needs submit: nothing new to ask for.
    expect(missingFeatures('x', ['tweet.write'])).toEqual([]);
  });

  it('finds one feature on a connection', () => {
    const connection = { missingFeatures: missingFeatures('reddit', ['submit']) };
    expect(missingFeature(connection, 'flair')?.label).toBe('choosing a flair');
    expect(missingFeature(connection, 'username')).toBeUndefined();
    expect(missingFeature(undefined, 'flair')).toBeUndefined();
  });
});
