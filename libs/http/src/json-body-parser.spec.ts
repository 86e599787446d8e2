import { JSON_MAX_DEPTH, nestedDeeperThan } from './json-body-parser';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestedDeeperThan', () => {
  it('counts arrays and objects alike, up to the limit and one past it', () => {
    expect(nestedDeeperThan(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH)).toBe(true);
    const objects = `${'{"a":'.repeat(3)}1${'}'.repeat(3)}`;
    expect([nestedDeeperThan(objects, 3), nestedDeeperThan(objects, 2)]).toEqual([false, true]);
  });

  it('counts depth, not the number of containers side by side', () => {
    expect(nestedDeeperThan(`[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestedDeeperThan(JSON.stringify({ text: '[[[[{{{{', quoted: '"[[[["\\' }), 1)).toBe(false);
  });

  it('scans a body deeper than any stack would allow recursion for', () => {
    expect(nestedDeeperThan(nested(1_000_000), 2_000_000)).toBe(false);
  });
});
