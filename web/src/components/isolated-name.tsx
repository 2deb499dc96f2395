/**
 * A name inside a translated text, put in its own <bdi> (a course or term name may read the other way
 * from the text around it). Translate with NAME_SLOT where the name goes, then hand the text here.
 */
export const NAME_SLOT = '\u0000';

export function withIsolatedName(text: string, name: string) {
  const [before, after] = text.split(NAME_SLOT);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
}
