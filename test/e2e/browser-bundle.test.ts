/**
 * Issue 37: the browser runs React 19 and react-dom, as the product was asked for, not Preact through
 * its React layer. Read from the built scripts (`npm run build:web` first) and their source maps.
 */
import fs from 'node:fs';
import path from 'node:path';

const ASSETS = path.resolve(__dirname, '../../web/dist/assets');
/** The build keeps its (hidden) source maps beside web/dist, under the same paths (web/build/source-maps.ts). */
const MAPS = path.resolve(__dirname, '../../web/dist-maps/assets');

const scripts = () => fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
const sourcesOf = (script: string): string[] => {
  const map = path.join(MAPS, `${script}.map`);
  return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
};
const holding = (text: string) => scripts().filter((f) => fs.readFileSync(path.join(ASSETS, f), 'utf8').includes(text));

describe("the browser's bundle", () => {
  it('holds no preact module: none of the source maps names one, no script carries its vnode marks', () => {
    expect(scripts().length).toBeGreaterThan(10);
    expect(scripts().filter((f) => sourcesOf(f).some((s) => /node_modules\/preact(-render-to-string)?\//.test(s)))).toEqual([]);
    // Preact 11's vnode constructor mark and its vnode's fields, as its minified build writes them.
    expect(holding('Symbol.for("pv")')).toEqual([]);
    expect(holding('__k:null,__:null,__b:0')).toEqual([]);
  });

  it("holds React 19's own runtime: react-dom's client in one script of the first load, React's element type", () => {
    const withDom = scripts().filter((f) => sourcesOf(f).some((s) => /node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/.test(s)));
    expect(withDom).toHaveLength(1);
    const index = fs.readFileSync(path.resolve(ASSETS, '../index.html'), 'utf8');
    expect(index).toContain(`/assets/${withDom[0]}`);
    expect(holding('react.transitional.element').length).toBeGreaterThanOrEqual(1);
  });
});
