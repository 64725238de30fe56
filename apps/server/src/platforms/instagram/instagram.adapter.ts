import { MetaGraphAdapter, type MetaSteps } from '../meta/meta-graph.adapter';
import {
  exchangeInstagramCode,
  INSTAGRAM_PERMISSIONS,
  INSTAGRAM_SCOPES,
  instagramProfile,
  refreshInstagramToken,
} from './instagram.oauth';
import { findInstagramPost, instagramMetrics, instagramPostStatus } from './instagram.posts';
import { instagramPublishStep } from './instagram.publish';

/** Instagram professional accounts through Instagram Login: Reels by resumable upload. */
export class InstagramAdapter extends MetaGraphAdapter {
  readonly platform = 'instagram' as const;
  readonly scopes = INSTAGRAM_SCOPES;
  protected readonly graphHost = 'graph.instagram.com';
  protected readonly authorizePage = 'https://api.instagram.com/oauth/authorize';
  protected readonly permissions = INSTAGRAM_PERMISSIONS;
  protected readonly commentTextField = 'text';
  /** IG Media Comments, Reading: instagram_business_basic and instagram_business_manage_comments. */
  readonly commentLookupScopes = ['instagram_business_basic', 'instagram_business_manage_comments'];
  /** The container's upload and processing come before media_publish, the create. */
  protected override readonly stepsBeforePost = ['upload', 'processing'];
  protected override readonly stepsAfterPost = ['permalink'];
  protected readonly steps: MetaSteps = {
    exchange: exchangeInstagramCode,
    refresh: refreshInstagramToken,
    profile: instagramProfile,
    publishStep: instagramPublishStep,
    findPost: findInstagramPost,
    postStatus: instagramPostStatus,
    metrics: instagramMetrics,
  };
}
