import type { PlatformKey, PostViolation } from '@fanout/contracts';
import { useCommunityRules } from '../../api/get-community-rules';
import type { AccountOptionsState } from '../../api/get-publish-options';
import { platformName } from '../../platform-names';
import { violationsOf } from '../../publish-draft';
import { controlsFor } from '../publish/account-controls';
import { controlForCommunity } from '../publish/community-controls';
import { OptionField } from '../publish/OptionField';

interface EditOptionsProps {
  platform: PlatformKey;
  options: Record<string, unknown>;
  /** What the account may choose (its privacy levels, its communities), when the platform's controls ask. */
  account?: AccountOptionsState;
  /** The post's account, whose view of a Reddit community's flairs is asked for. */
  connectionId?: number | null;
  violations: readonly PostViolation[];
  onChange(name: string, value: unknown): void;
}

/** The post's platform options (Reddit's subreddit, TikTok's privacy …), each with its rules' messages. */
export function EditOptions({ platform, options, account, connectionId, violations, onChange }: EditOptionsProps) {
  const community = useCommunityRules(
    platform === 'reddit' && connectionId !== null ? connectionId : undefined,
    options.subreddit,
  );
  const controls = controlsFor(platform, options, account, platformName(platform));
  if (controls.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {controls.map((control) => (
        <OptionField
          key={control.name}
          control={controlForCommunity(control, options[control.name], community)}
          value={options[control.name]}
          messages={violationsOf(violations, platform, `options.${control.name}`).map((v) => v.message)}
          onChange={(value) => onChange(control.name, value)}
        />
      ))}
    </div>
  );
}
