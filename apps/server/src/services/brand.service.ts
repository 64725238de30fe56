import type { Config } from '../config/env';

/** The header name depends on the host the app is served from (BRANDS); anything else gets the default. */
export function productNameForHost(config: Pick<Config, 'brands' | 'productName'>, hostname: string): string {
  const host = hostname.replace(/:\d+$/, '').toLowerCase();
  return config.brands[host] ?? config.productName;
}
