import type { PlatformModule } from '../core/context';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { reddit } from './reddit';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

/** The six emulated platforms. */
export const PLATFORM_MODULES: readonly PlatformModule[] = [instagram, tiktok, youtube, facebook, x, reddit];
