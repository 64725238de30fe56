import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs/spec-coverage.md');

/** Every `file` “test name” the coverage document cites. */
function citations(): { file: string; name: string }[] {
  const text = fs.readFileSync(DOC, 'utf8');
  return [...text.matchAll(/`([^`]+\.test\.tsx?)` “([^”]+)”/g)].map(([, file, name]) => ({ file: file!, name: name! }));
}

/** The names a test file gives its tests: the first argument of it(…) / it.each(…)(…). */
function testNames(file: string): Set<string> {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const names = new Set<string>();
  for (const [, , name] of source.matchAll(/\bit(?:\.each\([\s\S]*?\))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*)\1/g)) {
    names.add(name!.replace(/\\(['"`\\])/g, '$1'));
  }
  return names;
}

describe('docs/spec-coverage.md', () => {
  it('cites only tests that exist, by their current names', () => {
    const cited = citations();
    expect(cited.length).toBeGreaterThan(200);
    const missing = cited.filter(
      ({ file, name }) => !fs.existsSync(path.join(ROOT, file)) || !testNames(file).has(name),
    );
    expect(missing).toEqual([]);
  });
});
