import type { AppContext } from '../context';
import { dispatchRules } from '../services/rules/dispatch-rules';

export function dispatchRulesJob(ctx: AppContext): Promise<number> {
  return dispatchRules(ctx);
}
