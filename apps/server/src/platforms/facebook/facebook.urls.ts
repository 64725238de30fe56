import type { PublishRequest } from '../platform-adapter';
import type { GraphHttp } from '../meta/graph-http';

export function pageId(request: PublishRequest): string {
  return request.account.extra.pageId ?? request.account.accountId;
}

export function pageVideoUrl(http: GraphHttp, request: PublishRequest, videoId: string): string {
  return http.browserUrl(`https://www.facebook.com/${pageId(request)}/videos/${videoId}/`);
}

export function reelUrl(http: GraphHttp, videoId: string): string {
  return http.browserUrl(`https://www.facebook.com/reel/${videoId}`);
}
