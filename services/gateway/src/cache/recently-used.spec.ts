import { RecentlyUsed } from './recently-used';

describe('RecentlyUsed', () => {
  it('holds at most its capacity, dropping the entry used least recently', () => {
    const recent = new RecentlyUsed<string, number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    expect(recent.get('a')).toBe(1);
    recent.set('c', 3);
    expect(recent.size).toBe(2);
    expect(recent.get('b')).toBeUndefined();
    expect([recent.get('a'), recent.get('c')]).toEqual([1, 3]);
  });

  it('counts a new value for a key it holds as a use, and forgets a deleted key', () => {
    const recent = new RecentlyUsed<string, number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('a', 10);
    recent.set('c', 3);
    expect([recent.get('a'), recent.get('b'), recent.get('c')]).toEqual([10, undefined, 3]);
    recent.delete('a');
    expect(recent.get('a')).toBeUndefined();
    expect(recent.size).toBe(1);
  });
});
