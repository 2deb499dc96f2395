/**
 * The users search's index (pure parts): heads, the token string and its filter, the items a user
 * brings and what a rename or delete changes, and the 2-character rule both sides apply.
 */
import { searchIndexChanges, searchIndexOf, SEARCH_INDEX_VERSION } from '../../functions/data/user-search-repo';
import { headOf, isHead, longTokens, matchesAll, searchHeads, searchPrefixes, searchTokens, tokenString } from '../../functions/data/user-search-text';
import { usersQuery } from '../../shared/schemas/people';
import { searchTooShort } from '../../shared/search-text';

const ahmed = { id: 'u1', firstName: 'أحمد', lastName: 'عبد الرحمن', email: 'Ahmed.Ali@Gmail.com', mobileNumber: '+201012345678', createdAt: '2025-03-01T10:00:00.000Z' };

describe('heads', () => {
  it('are the first 2, 3 and 4 characters of each token (a shorter token gives what it has, one character none)', () => {
    expect(searchHeads(['mohamed', 'ab', 'x']).sort()).toEqual(['ab', 'mo', 'moh', 'moha']);
    expect(searchHeads(['مصطفي'])).toEqual(['مص', 'مصط', 'مصطف']);
  });
  it('a word is looked up in its first 4 characters; 2 to 4 characters are a head themselves', () => {
    expect(headOf('mohamed.ali@x.com')).toBe('moha');
    expect(headOf('ab')).toBe('ab');
    expect([isHead('a'), isHead('ab'), isHead('abcd'), isHead('abcde'), isHead('احمد')]).toEqual([false, true, true, false, true]);
  });
  it('tokens longer than a head also go to the token-ordered index', () => {
    expect(longTokens(['ali', 'ahmed', '1012345678'])).toEqual(['ahmed', '1012345678']);
  });
});

describe('the token string filter', () => {
  const tokens = searchTokens(ahmed);
  const t = tokenString(tokens);
  const startsSome = (words: string[]) => words.every((w) => tokens.some((x) => x.startsWith(w)));
  it.each(['احم', 'احمد عبد', 'الرح', '010123', '+2010123', '01012345678', 'ahmed.al', 'AHMED.ALI@GMAIL.COM', 'gmail.com', 'ali', 'محمد', 'احمد سعيد', '0111', 'hotmail', 'med', 'li'])(
    '"%s": contains(t, "\\n"+word) for every word ⇔ every word starts a token',
    (search) => {
      const words = searchPrefixes(search);
      expect(matchesAll(t, words)).toBe(startsSome(words));
    },
  );
  it('indexes a record that lacks its names (written by hand, or before a field existed) by what it has', () => {
    const bare = { email: 'x.y@mail.com' } as unknown as Parameters<typeof searchTokens>[0];
    expect(searchTokens(bare)).toEqual(expect.arrayContaining(['x.y@mail.com', 'mail.com']));
  });
  it('matches only at the start of a token', () => {
    expect(matchesAll(t, ['med'])).toBe(false);
    expect(matchesAll(t, ['ahm'])).toBe(true);
  });
});

describe('index items of a user', () => {
  it('one AP39H item per head (newest-first key), one AP39T item per long token, each with all the tokens', () => {
    const { heads, items } = searchIndexOf(ahmed);
    const t = tokenString(searchTokens(ahmed));
    expect(heads).toEqual(expect.arrayContaining(['اح', 'احم', 'احمد', '10', '101', '1012', 'ah', 'ahm', 'ahme', 'gm', 'gmai']));
    expect(items.filter((i) => String(i.PK).startsWith('USEARCHH#'))).toHaveLength(heads.length);
    expect(items).toContainEqual({ PK: 'USEARCHH#احم', SK: `${ahmed.createdAt}#u1`, t });
    expect(items).toContainEqual({ PK: 'USEARCHT#1012', SK: '1012345678#u1', t, c: ahmed.createdAt });
    expect(items).toContainEqual({ PK: 'USEARCHT#ahme', SK: 'ahmed.ali@gmail.com#u1', t, c: ahmed.createdAt });
  });
  it('stays well inside a transaction of 100 with the record and its guards', () => {
    const many = { ...ahmed, firstName: 'abcdefgh ijklmnop qrstuvwx yzabcdef', lastName: 'ghijklmn opqrstuv wxyzabcd efghijkl mnopqrst uvwxyzab' };
    expect(searchIndexOf(many).items.length + 3).toBeLessThanOrEqual(100);
  });
});

describe('a rename or a delete', () => {
  const marked = { ...ahmed, searchIndex: SEARCH_INDEX_VERSION };
  it('a rename deletes the items that went, puts the others and counts the heads that changed', () => {
    const { writes, counts } = searchIndexChanges(marked, { ...marked, lastName: 'Mostafa' }, true);
    const deleted = writes.filter((w) => 'Delete' in w).map((w) => w.Delete!.Key);
    expect(deleted).toContainEqual({ PK: 'USEARCHH#الر', SK: `${ahmed.createdAt}#u1` });
    expect(deleted).not.toContainEqual({ PK: 'USEARCHH#احم', SK: `${ahmed.createdAt}#u1` });
    expect(writes.filter((w) => 'Put' in w).map((w) => w.Put!.Item!.PK)).toContain('USEARCHH#most');
    expect(counts.get('الر')).toBe(-1);
    expect(counts.get('most')).toBe(1);
    expect(counts.get('احم')).toBe(0);
    // No legacy items for a user made in this layout.
    expect(deleted.some((k) => String(k!.PK).startsWith('USEARCH#'))).toBe(false);
  });
  it('a delete removes every item and takes the user off each head', () => {
    const { writes, counts } = searchIndexChanges(marked, undefined, true);
    expect(writes).toHaveLength(searchIndexOf(ahmed).items.length);
    expect([...counts.values()].every((n) => n === -1)).toBe(true);
  });
  it('a user made before the layout also loses its version-1 items, and changes no count until the backfill counted it', () => {
    const before = searchIndexChanges(ahmed, undefined, false);
    expect(before.counts.size).toBe(0);
    expect(before.writes.map((w) => w.Delete!.Key)).toContainEqual({ PK: 'USEARCH#1', SK: '1012345678#u1' });
    expect(searchIndexChanges(ahmed, undefined, true).counts.get('احم')).toBe(-1);
  });
});

describe('a phone typed with spaces', () => {
  it.each(['010 1234 5678', '+20 10 1234 5678', '(010) 1234-5678', '٠١٠ ١٢٣٤ ٥٦٧٨'])('"%s" is one number', (search) => {
    expect(searchPrefixes(search)).toEqual(['1012345678']);
  });
  it('digits beside a name stay words of their own', () => {
    expect(searchPrefixes('ahmed 0101')).toEqual(['ahmed', '101']);
  });
});

describe('the 2-character rule', () => {
  it.each([
    ['a', true],
    ['م', true],
    ['01', true],
    ['+201', true],
    ['a b', true],
    ['ab', false],
    ['010', false],
    ['mohamed a', false],
    ['', false],
    ['+20', false],
    ['   ', false],
  ])('"%s" too short: %s', (search, short) => {
    expect(searchTooShort(search)).toBe(short);
  });
  it('the query schema refuses it with the rule tooShort (min 2)', () => {
    const r = usersQuery.safeParse({ search: 'm' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['search'], params: { code: 'tooShort', min: 2 } });
    expect(usersQuery.safeParse({ search: 'mo' }).success).toBe(true);
  });
});
