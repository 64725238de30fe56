import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './exit-codes';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Flags every command takes. */
const COMMON: Options = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };

export interface Parsed<V> {
  positionals: string[];
  values: V & { json?: boolean; help?: boolean };
}

/** One command's flags and operands; anything unknown or malformed is a usage error (exit 2). */
export function parseCommand<V>(argv: string[], options: Options): Parsed<V> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...COMMON, ...options },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed<V>['values'], positionals };
  } catch (err) {
    throw usageError((err as Error).message);
  }
}

/** A whole positive number given as text (an id, a size). */
export function positiveInt(text: string, what: string): number {
  if (!/^[1-9]\d*$/.test(text)) throw usageError(`${what} must be a positive whole number, not "${text}"`);
  return Number(text);
}
