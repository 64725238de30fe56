/**
 * The caption a post sends: its override, or the text built from the video's title, description and tags
 * each platform's way (YouTube and Facebook: the description and hashtags; TikTok and Instagram: title,
 * description, hashtags; X: the title and the hashtags that fit; Reddit: the title). The builder lives in the
 * contracts so the composer prefills exactly what the server checks and sends; the server reads it here.
 */
export { buildCaption, hashtagsOf, postCaption, type CaptionSource } from '@fanout/contracts';
