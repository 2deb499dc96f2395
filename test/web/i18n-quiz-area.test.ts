/**
 * The quiz texts load with the modules that use them, not with the shell (web/src/i18n/quiz-area.ts):
 * a module that names a `quiz.*` or `quizAdmin.*` key without importing the area would show the key
 * instead of the text when it is the first to render. The shell's dictionaries hold none of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ar } from '@/i18n/ar';
import { en } from '@/i18n/en';

const SRC = path.resolve(__dirname, '../../web/src');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

describe('the quiz dictionary area', () => {
  it('is imported by every module that uses a quiz key', () => {
    const users = files(SRC).filter((f) => !f.includes(`${path.sep}i18n${path.sep}`) && /['`]quiz(Admin)?\./.test(fs.readFileSync(f, 'utf8')));
    expect(users.length).toBeGreaterThan(5);
    expect(users.filter((f) => !fs.readFileSync(f, 'utf8').includes("import '@/i18n/quiz-area';")).map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('is not in the shell dictionaries', () => {
    expect(Object.keys(en).filter((k) => /^quiz(Admin)?\./.test(k))).toEqual([]);
    expect(Object.keys(ar).filter((k) => /^quiz(Admin)?\./.test(k))).toEqual([]);
  });
});
