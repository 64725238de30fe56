import { TIKTOK_PRIVACY_LABELS, type AppliedPrivacy } from '@fanout/contracts';

/**
 * The privacy TikTok applied to a direct post, when it is not the one asked for. TikTok's API has no field that
 * reads a post's privacy back (status/fetch and video/query carry none), but its rule is documented: every post
 * of an app that has not passed the Direct Post audit is SELF_ONLY, whatever post_info asked (Content Sharing
 * Guidelines, "Direct Post API - Developer Guidelines"). So a post asked for wider while this server's live app
 * is unaudited (TIKTOK_AUDITED=false) went out SELF_ONLY: a post scheduled before the setting, or before the
 * composer offered "Only me" alone. Undefined when TikTok applied what was asked.
 */
export function tiktokAppliedPrivacy(requested: unknown, audited: boolean | undefined): AppliedPrivacy | undefined {
  if (audited !== false || typeof requested !== 'string' || requested === 'SELF_ONLY') return undefined;
  return {
    privacy: 'SELF_ONLY',
    label: TIKTOK_PRIVACY_LABELS.SELF_ONLY.toLowerCase(),
    requested,
    reason: 'TikTok keeps every post of an app that has not passed its Direct Post audit private',
    operatorAction:
      "Apply for TikTok's Direct Post audit (TikTok for Developers → the app → Content Posting API → Direct Post); " +
      'once it is passed, set TIKTOK_AUDITED=true. Meanwhile the creator can make the video public in the TikTok app.',
  };
}
