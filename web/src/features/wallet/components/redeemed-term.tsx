import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';
import { NAME_SLOT, withIsolatedName } from '@/components/isolated-name';


/**
 * After a term's code: which term is the student's now, and a link to its content page (/content
 * reads the term from the last entry of its navigation trail, as the catalogue hands it on).
 */
export function RedeemedTerm({ termId, termName }: { termId: string; termName: string }) {
  const t = useT();
  const trail = { breadcrumb: [{ name: 'Home', url: '/' }, { name: termName, url: '/content', termId }] };
  return (
    <div className="notice redeemed-term" role="status" data-testid="redeemed-term">
      <p>{withIsolatedName(t('wallet.redeemedTerm', { term: NAME_SLOT }), termName)}</p>
      <Link to="/content" state={trail}>
        {withIsolatedName(t('wallet.openTerm', { term: NAME_SLOT }), termName)}
      </Link>
    </div>
  );
}
