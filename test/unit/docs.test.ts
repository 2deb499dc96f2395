/** The README is a front door (at most 16 KB) and every relative link in it and in docs/ leads to a file that exists. */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const pages = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** `[text](target)` and `![alt](target)` outside code, minus web addresses and in-page anchors; the anchor cut off. */
function relativeLinks(page: string): string[] {
  const text = fs.readFileSync(path.join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

describe('the README and docs/', () => {
  it('the README is at most 16 KB', () => {
    expect(fs.statSync(path.join(root, 'README.md')).size).toBeLessThanOrEqual(16 * 1024);
  });

  it('the README links every page under docs/', () => {
    const linked = new Set(relativeLinks('README.md'));
    expect(pages.filter((p) => p !== 'README.md' && !linked.has(p))).toEqual([]);
  });

  it.each(pages)('every relative link in %s points at a file that exists', (page) => {
    const missing = relativeLinks(page).filter((target) => !fs.existsSync(path.resolve(root, path.dirname(page), decodeURIComponent(target))));
    expect(missing).toEqual([]);
  });
});
