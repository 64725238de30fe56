/**
 * Adds `value` to the list under `key`, pushing rather than copying the list: grouping n items stays linear, where
 * `map.set(key, [...list, value])` copies each list on every item (quadratic for thousands under one key).
 */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
