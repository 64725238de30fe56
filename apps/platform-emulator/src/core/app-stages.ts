import { z } from 'zod';
import type { Store } from './store';

/**
 * Where each sandbox app stands with its platform, and the account settings that stage depends on. Platforms
 * hold apps that have not passed their review to narrower rules: TikTok's unaudited Direct Post clients post
 * SELF_ONLY only, from private accounts, for at most 5 users a day (Content Sharing Guidelines); YouTube's
 * unverified API projects' uploads are locked private (videos.insert). Default: every app passed (audited,
 * verified) and every account public, as the sandbox always behaved. Kept in the store: a restart keeps them,
 * `/_control/reset` forgets them.
 */
export interface AppStage {
  audited: boolean;
  verified: boolean;
}

const PASSED: AppStage = { audited: true, verified: true };

export const AppStageBody = z.object({
  platform: z.enum(['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit']),
  /** One app's client id; absent: every app of the platform without a stage of its own. */
  clientId: z.string().min(1).max(200).optional(),
  audited: z.boolean().optional(),
  verified: z.boolean().optional(),
});

export const AccountPrivacyBody = z.object({
  platform: z.enum(['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit']),
  /** One account; absent: every account of the platform without a setting of its own. */
  accountId: z.string().min(1).max(200).optional(),
  private: z.boolean(),
});

const key = (platform: string, id: string | undefined) => `${platform}:${id ?? '*'}`;

export class AppStages {
  constructor(private readonly store: Store) {}

  private get stages() {
    return this.store.collection<AppStage>('app-stages');
  }

  private get privacy() {
    return this.store.collection<{ private: boolean }>('account-privacy');
  }

  stage(platform: string, clientId: string): AppStage {
    return this.stages.get(key(platform, clientId)) ?? this.stages.get(key(platform, undefined)) ?? PASSED;
  }

  setStage(body: z.infer<typeof AppStageBody>): AppStage {
    const id = key(body.platform, body.clientId);
    const now = { ...(this.stages.get(id) ?? this.stage(body.platform, body.clientId ?? '*')) };
    if (body.audited !== undefined) now.audited = body.audited;
    if (body.verified !== undefined) now.verified = body.verified;
    return this.stages.set(id, now);
  }

  isPrivateAccount(platform: string, accountId: string): boolean {
    return (this.privacy.get(key(platform, accountId)) ?? this.privacy.get(key(platform, undefined)))?.private ?? false;
  }

  setAccountPrivacy(body: z.infer<typeof AccountPrivacyBody>) {
    this.privacy.set(key(body.platform, body.accountId), { private: body.private });
  }
}
