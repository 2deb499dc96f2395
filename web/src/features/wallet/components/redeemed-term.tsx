import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';

/** A place for the term's name in a text, put in its own <bdi> (the name may read the other way). */
const NAME = '\u0000';
const withName = (text: string, name: string) => {
  const [before, after] = text.split(NAME);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
};

/**
 * After a term's code: which term is the student's now, and a link to its content page (/content
 * reads the term from the last entry of its navigation trail, as the catalogue hands it on).
 */
export function RedeemedTerm({ termId, termName }: { termId: string; termName: string }) {
  const t = useT();
  const trail = { breadcrumb: [{ name: 'Home', url: '/' }, { name: termName, url: '/content', termId }] };
  return (
    <div className="notice redeemed-term" role="status" data-testid="redeemed-term">
      <p>{withName(t('wallet.redeemedTerm', { term: NAME }), termName)}</p>
      <Link to="/content" state={trail}>
        {withName(t('wallet.openTerm', { term: NAME }), termName)}
      </Link>
    </div>
  );
}
